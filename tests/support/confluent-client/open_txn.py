"""A transactional producer that dies mid-transaction (Confluent's client, librdkafka), leaving a
transaction open on partition 0 of a topic for the transactions tests:

    python open_txn.py BOOTSTRAP TOPIC TRANSACTIONAL_ID COUNT

It begins a transaction, writes COUNT records and flushes them, prints its producer's state, then exits
at once without committing or aborting (os._exit skips librdkafka's close). The coordinator keeps the
transaction Ongoing until transaction.timeout.ms (15 minutes, the broker's maximum) runs out.
"""

import os
import sys

from confluent_kafka import Producer

bootstrap, topic, transactional_id, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
producer = Producer(
    {
        "bootstrap.servers": bootstrap,
        "transactional.id": transactional_id,
        "transaction.timeout.ms": 900000,
    }
)
producer.init_transactions(30)
producer.begin_transaction()
for i in range(count):
    producer.produce(topic, value=f"uncommitted-{i}".encode(), partition=0)
if producer.flush(30) != 0:
    sys.exit("records not delivered")
print("open", flush=True)
os._exit(0)
