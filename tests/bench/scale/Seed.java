import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Seeds the scale benchmark's cluster with Kafka's own clients (run with `java -cp 'kafka-libs/*' Seed.java`):
 *
 *   topics BOOTSTRAP PREFIX COUNT PARTITIONS        COUNT topics PREFIX-t00000…, in batches of 500
 *   groups BOOTSTRAP PREFIX GROUPS TOPICS RECORDS   RECORDS records on each partition of TOPICS three-partition
 *                                                   topics PREFIX-r000…, then GROUPS groups PREFIX-g00000…,
 *                                                   group i committing on the partitions of topic i % TOPICS
 *   records BOOTSTRAP TOPIC PARTITIONS COUNT BYTES  COUNT records of BYTES bytes spread over a new topic
 *   describe BOOTSTRAP PREFIX                       per group PREFIX… and partition it committed on: group, topic,
 *                                                   partition, committed offset, log end offset and lag, the
 *                                                   columns kafka-consumer-groups --describe prints
 *   delete BOOTSTRAP PREFIX                         every topic and group whose name starts with PREFIX
 */
public class Seed {
  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[1]);
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 120_000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 300_000);
    try (Admin admin = Admin.create(props)) {
      switch (args[0]) {
        case "topics" -> topics(admin, args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), "t%05d");
        case "groups" -> groups(admin, args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
        case "records" -> records(admin, args[1], args[2], Integer.parseInt(args[3]), Long.parseLong(args[4]), Integer.parseInt(args[5]));
        case "describe" -> describe(admin, args[2]);
        case "delete" -> delete(admin, args[2]);
        default -> throw new IllegalArgumentException("unknown command " + args[0]);
      }
    }
  }

  static List<String> topics(Admin admin, String prefix, int count, int partitions, String format) throws Exception {
    List<String> names = new ArrayList<>();
    for (int start = 0; start < count; start += 500) {
      List<NewTopic> batch = new ArrayList<>();
      for (int i = start; i < Math.min(count, start + 500); i++) {
        String name = prefix + "-" + String.format(format, i);
        names.add(name);
        batch.add(new NewTopic(name, partitions, (short) 1).configs(Map.of("retention.ms", "-1")));
      }
      for (KafkaFuture<Void> f : admin.createTopics(batch).values().values()) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) throw e;
        }
      }
      System.out.printf("topics %d/%d%n", names.size(), count);
    }
    return names;
  }

  static void groups(Admin admin, String bootstrap, String prefix, int groups, int topicCount, int records) throws Exception {
    List<String> topics = topics(admin, prefix, topicCount, 3, "r%03d");
    produce(bootstrap, topics, 3, records, 20);
    List<KafkaFuture<Void>> pending = new ArrayList<>();
    for (int i = 0; i < groups; i++) {
      String topic = topics.get(i % topicCount);
      Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
      for (int p = 0; p < 3; p++) offsets.put(new TopicPartition(topic, p), new OffsetAndMetadata((i + p) % (records + 1)));
      pending.add(admin.alterConsumerGroupOffsets(prefix + "-" + String.format("g%05d", i), offsets).all());
      if (pending.size() == 1000) {
        for (KafkaFuture<Void> f : pending) f.get();
        pending.clear();
        System.out.printf("groups %d/%d%n", i + 1, groups);
      }
    }
    for (KafkaFuture<Void> f : pending) f.get();
  }

  static void produce(String bootstrap, List<String> topics, int partitions, long perPartition, int bytes) throws Exception {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, 262_144);
    props.put(ProducerConfig.ACKS_CONFIG, "1");
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
      byte[] value = new byte[bytes];
      java.util.Arrays.fill(value, (byte) 'x');
      Future<?> last = null;
      for (long i = 0; i < perPartition; i++) {
        for (String topic : topics) {
          for (int p = 0; p < partitions; p++) {
            byte[] key = ("key-" + i).getBytes(StandardCharsets.UTF_8);
            last = producer.send(new ProducerRecord<>(topic, p, key, value));
          }
        }
        if (perPartition > 100_000 && i % 100_000 == 0) System.out.printf("records %d/%d per partition%n", i, perPartition);
      }
      producer.flush();
      if (last != null) last.get();
    }
  }

  static void records(Admin admin, String bootstrap, String topic, int partitions, long count, int bytes) throws Exception {
    try {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1).configs(Map.of("retention.ms", "-1")))).all().get();
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) throw e;
    }
    produce(bootstrap, List.of(topic), partitions, count / partitions, bytes);
  }

  static void describe(Admin admin, String prefix) throws Exception {
    Map<String, org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec> specs = new HashMap<>();
    for (var g : admin.listConsumerGroups().all().get()) {
      if (g.groupId().startsWith(prefix)) specs.put(g.groupId(), new org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec());
    }
    var offsets = admin.listConsumerGroupOffsets(specs).all().get();
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    for (var group : offsets.values()) for (TopicPartition tp : group.keySet()) latest.put(tp, OffsetSpec.latest());
    Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(latest).all().get();
    for (var group : offsets.entrySet()) {
      for (var e : group.getValue().entrySet()) {
        if (e.getValue() == null) continue;
        long end = ends.get(e.getKey()).offset();
        System.out.printf("%s %s %d %d %d %d%n", group.getKey(), e.getKey().topic(), e.getKey().partition(), e.getValue().offset(), end, end - e.getValue().offset());
      }
    }
  }

  static void delete(Admin admin, String prefix) throws Exception {
    List<String> groups = admin.listConsumerGroups().all().get().stream()
        .map(g -> g.groupId()).filter(g -> g.startsWith(prefix)).toList();
    for (int i = 0; i < groups.size(); i += 1000) admin.deleteConsumerGroups(groups.subList(i, Math.min(groups.size(), i + 1000))).all().get();
    List<String> topics = admin.listTopics().names().get().stream().filter(t -> t.startsWith(prefix)).toList();
    for (int i = 0; i < topics.size(); i += 500) admin.deleteTopics(topics.subList(i, Math.min(topics.size(), i + 500))).all().get();
    System.out.printf("deleted %d groups, %d topics%n", groups.size(), topics.size());
  }
}
