"""Confluent's own Python client (confluent-kafka: librdkafka and the Schema Registry serializers) as the
"other client" of the records tests: it writes and reads Avro, JSON Schema and Protobuf values in the
Confluent wire format through the registry, independently of the console's code.

    python serde.py produce '{"bootstrap": …, "registry": …, "topic": …, "format": "avro", "schema": …, "key": …, "value": {…}}'
    python serde.py consume '{"bootstrap": …, "registry": …, "topic": …, "format": "avro", "schema": …, "count": 1}'

The test registers `{topic}-value` first; the Avro and JSON Schema serializers use its latest version.
Protobuf values are `interop.Person {string name = 1; int32 age = 2;}` (Confluent's serializer needs a
message class); its serializer registers the schema itself, as a base64 FileDescriptorProto (it cannot read
the latest version back from Apicurio, which returns that form as raw bytes instead of base64).
`consume` reads partition 0 from the start without a consumer group commit and prints one JSON value per line.
"""

import json
import sys
import uuid

from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.schema_registry.json_schema import JSONDeserializer, JSONSerializer
from confluent_kafka.schema_registry.protobuf import ProtobufDeserializer, ProtobufSerializer
from confluent_kafka.serialization import MessageField, SerializationContext
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

LATEST = {"auto.register.schemas": False, "use.latest.version": True}
PROTOBUF = {"use.deprecated.format": False}


def person_class():
    """interop.Person as a generated class would define it."""
    file = descriptor_pb2.FileDescriptorProto(name="interop/person.proto", package="interop", syntax="proto3")
    message = file.message_type.add(name="Person")
    optional = descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL
    message.field.add(name="name", number=1, type=descriptor_pb2.FieldDescriptorProto.TYPE_STRING, label=optional)
    message.field.add(name="age", number=2, type=descriptor_pb2.FieldDescriptorProto.TYPE_INT32, label=optional)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("interop.Person"))


def serializer(args, registry):
    if args["format"] == "avro":
        return AvroSerializer(registry, args["schema"], conf=LATEST)
    if args["format"] == "json":
        return JSONSerializer(args["schema"], registry, conf=LATEST)
    person = person_class()
    encode = ProtobufSerializer(person, registry, conf={"auto.register.schemas": True, **PROTOBUF})
    return lambda value, context: encode(person(**value), context)


def deserializer(args, registry):
    if args["format"] == "avro":
        return AvroDeserializer(registry)
    if args["format"] == "json":
        return JSONDeserializer(args["schema"], schema_registry_client=registry)
    decode = ProtobufDeserializer(person_class(), conf=PROTOBUF)
    return lambda value, context: json_format.MessageToDict(decode(value, context), preserving_proto_field_name=True)


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
