// Kafka's own encoders as the reference for the wire-encoder differential test
// (tests/integration/records/wire-encoders.test.ts). Run as a single-file program on the broker's jars:
//   java -cp '.cache/stack/kafka-libs/*' tests/support/wire-reference/WireReference.java < commands
// One command a line on stdin, one answer a line on stdout:
//   varint N | varlong N            -> "<hex of ByteUtils.writeVarint|writeVarlong> <sizeOfVarint|sizeOfVarlong>"
//   batch PRODUCER_ID EPOCH BASE_SEQUENCE LEADER_EPOCH
//   rec TIMESTAMP KEY VALUE HEADER_COUNT [HEADER_KEY HEADER_VALUE]...   (base64, "-" for null)
//   end                             -> "<hex of the batch MemoryRecords.builder wrote>"
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.utils.internals.ByteUtils;

public class WireReference {
  private static final HexFormat HEX = HexFormat.of();

  private static byte[] bytes(String field) {
    return field.equals("-") ? null : Base64.getDecoder().decode(field);
  }

  private static String hex(ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return HEX.formatHex(out);
  }

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder();
    MemoryRecordsBuilder batch = null;
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split(" ");
      switch (f[0]) {
        case "varint" -> {
          int value = Integer.parseInt(f[1]);
          ByteBuffer buffer = ByteBuffer.allocate(5);
          ByteUtils.writeVarint(value, buffer);
          out.append(hex(buffer.flip())).append(' ').append(ByteUtils.sizeOfVarint(value)).append('\n');
        }
        case "varlong" -> {
          long value = Long.parseLong(f[1]);
          ByteBuffer buffer = ByteBuffer.allocate(10);
          ByteUtils.writeVarlong(value, buffer);
          out.append(hex(buffer.flip())).append(' ').append(ByteUtils.sizeOfVarlong(value)).append('\n');
        }
        case "batch" -> batch = MemoryRecords.builder(ByteBuffer.allocate(1024), RecordBatch.MAGIC_VALUE_V2,
            Compression.NONE, TimestampType.CREATE_TIME, 0L, RecordBatch.NO_TIMESTAMP, Long.parseLong(f[1]),
            Short.parseShort(f[2]), Integer.parseInt(f[3]), false, Integer.parseInt(f[4]));
        case "rec" -> {
          int count = Integer.parseInt(f[4]);
          Header[] headers = new Header[count];
          for (int i = 0; i < count; i++) {
            headers[i] = new RecordHeader(new String(bytes(f[5 + 2 * i]), StandardCharsets.UTF_8), bytes(f[6 + 2 * i]));
          }
          batch.append(Long.parseLong(f[1]), bytes(f[2]), bytes(f[3]), headers);
        }
        case "end" -> out.append(hex(batch.build().buffer())).append('\n');
        default -> throw new IllegalArgumentException("unknown command: " + f[0]);
      }
    }
    System.out.print(out);
  }
}
