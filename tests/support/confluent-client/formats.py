"""Records without a registry, written and read by libraries the console shares no code with: Google's
`protobuf`, `fastavro` and `msgpack` from PyPI, sent and fetched with confluent-kafka (librdkafka).

    python formats.py descriptor-set PATH
    python formats.py produce '{"bootstrap": …, "topic": …, "format": "protobuf|avro|msgpack", "avsc": PATH,
                                "keyFormat": "int|long", "records": [{"key": 1, "value": {…}}, …]}'
    python formats.py consume '{… same …, "count": 2}'

Protobuf values are `shop.Order` (in shop/order.proto, importing common/money.proto's `common.Money`);
`descriptor-set` writes both files as a FileDescriptorSet, as `protoc --include_imports
--descriptor_set_out` would. JSON in and out follows each library's own mapping: Protobuf's JSON mapping
with the proto field names, fastavro's Python values, msgpack's (binary as base64 on the way out).
"""

import base64
import io
import json
import struct
import sys
import uuid

import fastavro
import msgpack
from confluent_kafka import Consumer, Producer, TopicPartition
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

FIELD = descriptor_pb2.FieldDescriptorProto


def proto_files():
    money = descriptor_pb2.FileDescriptorProto(name="common/money.proto", package="common", syntax="proto3")
    m = money.message_type.add(name="Money")
    m.field.add(name="currency", number=1, type=FIELD.TYPE_STRING, label=FIELD.LABEL_OPTIONAL)
    m.field.add(name="cents", number=2, type=FIELD.TYPE_INT64, label=FIELD.LABEL_OPTIONAL)
    order = descriptor_pb2.FileDescriptorProto(
        name="shop/order.proto", package="shop", syntax="proto3", dependency=["common/money.proto"]
    )
    status = order.enum_type.add(name="Status")
    status.value.add(name="NEW", number=0)
    status.value.add(name="PAID", number=1)
    o = order.message_type.add(name="Order")
    o.field.add(name="order_id", number=1, type=FIELD.TYPE_STRING, label=FIELD.LABEL_OPTIONAL)
    o.field.add(name="total", number=2, type=FIELD.TYPE_MESSAGE, type_name=".common.Money", label=FIELD.LABEL_OPTIONAL)
    o.field.add(name="tags", number=3, type=FIELD.TYPE_STRING, label=FIELD.LABEL_REPEATED)
    o.field.add(name="status", number=4, type=FIELD.TYPE_ENUM, type_name=".shop.Status", label=FIELD.LABEL_OPTIONAL)
    return [money, order]


def order_class():
    pool = descriptor_pool.DescriptorPool()
    for file in proto_files():
        pool.Add(file)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("shop.Order"))


def codec(args):
    """(encode, decode) of values for the format."""
    if args["format"] == "protobuf":
        order = order_class()
        return (
            lambda v: json_format.ParseDict(v, order()).SerializeToString(),
            lambda b: json_format.MessageToDict(order.FromString(b), preserving_proto_field_name=True),
        )
    if args["format"] == "avro":
        with open(args["avsc"]) as f:
            schema = fastavro.parse_schema(json.load(f))

        def write(v):
            out = io.BytesIO()
            fastavro.schemaless_writer(out, schema, v)
            return out.getvalue()

        return write, lambda b: fastavro.schemaless_reader(io.BytesIO(b), schema)
    if args["format"] == "msgpack":
        return (
            lambda v: msgpack.packb(python_value(v), use_bin_type=True),
            lambda b: msgpack.unpackb(b, raw=False, strict_map_key=False),
        )
    raise ValueError(args["format"])


def python_value(value):
    """`{"$bytes": "AQI="}` stands for binary, `{"$int": "9007199254740993"}` for an integer past 2^53 (what
    JavaScript's JSON.stringify cannot write exactly)."""
    if isinstance(value, dict):
        if set(value) == {"$bytes"}:
            return base64.b64decode(value["$bytes"])
        if set(value) == {"$int"}:
            return int(value["$int"])
        return {k: python_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [python_value(v) for v in value]
    return value


def key_codec(args):
    pack = ">q" if args.get("keyFormat") == "long" else ">i"
    return lambda k: struct.pack(pack, k), lambda b: struct.unpack(pack, b)[0]


def produce(args):
    encode, _ = codec(args)
    encode_key, _ = key_codec(args)
    producer = Producer({"bootstrap.servers": args["bootstrap"]})
    for record in args["records"]:
        producer.produce(args["topic"], key=encode_key(record["key"]), value=encode(record["value"]), partition=0)
    if producer.flush(30) != 0:
        raise RuntimeError("records not delivered")


def consume(args):
    _, decode = codec(args)
    _, decode_key = key_codec(args)
    consumer = Consumer({"bootstrap.servers": args["bootstrap"], "group.id": f"formats-{uuid.uuid4()}", "enable.auto.commit": False})
    consumer.assign([TopicPartition(args["topic"], 0, 0)])
    seen = 0
    try:
        while seen < args["count"]:
            message = consumer.poll(20)
            if message is None:
                raise RuntimeError(f"only {seen} of {args['count']} records arrived")
            if message.error():
                raise RuntimeError(str(message.error()))
            value = decode(message.value())
            print(json.dumps({"key": decode_key(message.key()), "value": value}, default=jsonable))
            seen += 1
    finally:
        consumer.close()


def jsonable(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    raise TypeError(type(value))


def descriptor_set(path):
    with open(path, "wb") as f:
        f.write(descriptor_pb2.FileDescriptorSet(file=proto_files()).SerializeToString())


if __name__ == "__main__":
    if sys.argv[1] == "descriptor-set":
        descriptor_set(sys.argv[2])
    else:
        {"produce": produce, "consume": consume}[sys.argv[1]](json.loads(sys.argv[2]))
