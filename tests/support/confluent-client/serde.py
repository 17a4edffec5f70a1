"""Confluent's own Python client (confluent-kafka: librdkafka and the Schema Registry serializers) as the
"other client" of the records tests: it writes and reads Avro and JSON Schema values in the Confluent wire
format through the registry, independently of the console's code.

    python serde.py produce '{"bootstrap": …, "registry": …, "topic": …, "format": "avro", "schema": …, "key": …, "value": {…}}'
    python serde.py consume '{"bootstrap": …, "registry": …, "topic": …, "format": "avro", "schema": …, "count": 1}'

`consume` reads partition 0 from the start without a consumer group commit and prints one JSON value per line.
"""

import json
import sys
import uuid

from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.schema_registry.json_schema import JSONDeserializer, JSONSerializer
from confluent_kafka.serialization import MessageField, SerializationContext


def serializer(args, registry):
    if args["format"] == "avro":
        return AvroSerializer(registry, args["schema"], conf={"auto.register.schemas": True})
    return JSONSerializer(args["schema"], registry, conf={"auto.register.schemas": True})


def deserializer(args, registry):
    if args["format"] == "avro":
        return AvroDeserializer(registry)
    return JSONDeserializer(args["schema"], schema_registry_client=registry)


def produce(args, registry):
    producer = Producer({"bootstrap.servers": args["bootstrap"], "enable.idempotence": True})
    context = SerializationContext(args["topic"], MessageField.VALUE)
    value = serializer(args, registry)(args["value"], context)
    producer.produce(args["topic"], key=args["key"].encode(), value=value, partition=0)
    if producer.flush(30) != 0:
        raise SystemExit("the record was not delivered within 30 s")


def consume(args, registry):
    consumer = Consumer(
        {
            "bootstrap.servers": args["bootstrap"],
            "group.id": f"serde-{uuid.uuid4()}",
            "enable.auto.commit": False,
        }
    )
    consumer.assign([TopicPartition(args["topic"], 0, 0)])
    context = SerializationContext(args["topic"], MessageField.VALUE)
    decode = deserializer(args, registry)
    printed = 0
    try:
        while printed < args["count"]:
            message = consumer.poll(20)
            if message is None:
                raise SystemExit(f"only {printed} of {args['count']} records within 20 s")
            if message.error():
                raise SystemExit(str(message.error()))
            print(json.dumps(decode(message.value(), context)), flush=True)
            printed += 1
    finally:
        consumer.close()


if __name__ == "__main__":
    command, raw = sys.argv[1], json.loads(sys.argv[2])
    client = SchemaRegistryClient({"url": raw["registry"]})
    {"produce": produce, "consume": consume}[command](raw, client)
