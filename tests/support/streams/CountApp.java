import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The tests' Kafka Streams app: source -> selectKey (a repartition topic) -> count (a changelog) -> sink.
 * Arguments: bootstrap applicationId source sink protocol(streams|classic) stateDir. Prints each state (RUNNING once the app
 * runs), and closes cleanly when its standard input closes.
 */
public class CountApp {
  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, args[1]);
    props.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, args[4]);
    props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.String().getClass());
    props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.String().getClass());
    props.put(StreamsConfig.STATE_DIR_CONFIG, args[5]);
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 200);
    props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);

    StreamsBuilder builder = new StreamsBuilder();
    builder.<String, String>stream(args[2])
        .selectKey((key, value) -> value)
        .groupByKey()
        // In memory: the app needs no RocksDB native library, and the store still has a changelog topic.
        .count(Materialized.<String, Long>as(Stores.inMemoryKeyValueStore("counts")))
        .toStream()
        .to(args[3], Produced.with(Serdes.String(), Serdes.Long()));

    KafkaStreams streams = new KafkaStreams(builder.build(), props);
    CountDownLatch done = new CountDownLatch(1);
    streams.setStateListener((now, before) -> {
      System.out.println(now);
      System.out.flush();
    });
    streams.start();
    Thread stdin = new Thread(() -> {
      try {
        while (System.in.read() != -1) {}
      } catch (Exception ignored) {
      }
      done.countDown();
    });
    stdin.setDaemon(true);
    stdin.start();
    done.await();
    streams.close(java.time.Duration.ofSeconds(20));
    System.out.println("CLOSED");
    System.out.flush();
  }
}
