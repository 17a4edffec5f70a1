"""The console's own schemathesis check (tests/reliability/fuzz.ts loads it): every 400 names its field."""

import schemathesis
from hypothesis.internal import lambda_sources

# CPython's `ast.parse` may fail with a spurious "SystemError: AST constructor recursion depth mismatch" when
# threads parse at once (gh-106905), as schemathesis's two workers may; seen in CI with Python 3.11.7.
# Hypothesis parses source to describe the lambdas in a strategy's repr, and the error stopped a whole
# operation's generation. Such a lambda is now described the way Hypothesis describes one it cannot parse;
# nothing the server is sent or checked for changes.
_describe_lambda = lambda_sources._lambda_description


def _describe_lambda_despite_ast_race(f):
    try:
        return _describe_lambda(f)
    except SystemError:
        return "lambda: <unknown>"


lambda_sources._lambda_description = _describe_lambda_despite_ast_race


@schemathesis.check
def bad_request_names_the_field(ctx, response, case):
    """Every 400 says which field is wrong: a `fields` list, each entry with a non-empty `field`."""
    if response.status_code != 400:
        return None
    try:
        body = response.json()
    except Exception as error:
        raise AssertionError(f"400 without a JSON body: {response.text[:200]}") from error
    fields = body.get("fields") if isinstance(body, dict) else None
    if not fields or not all(isinstance(f, dict) and f.get("field") for f in fields):
        message = body.get("message") if isinstance(body, dict) else body
        raise AssertionError(f"400 names no field: {message}")
    return None


# The largest partition count a generated request may ask the broker for. The document allows up to
# 2^31-1 and the console passes the count on: one generated increase to a few thousand partitions left
# the test broker (512 MB heap) out of memory. Only the count sent is lowered; it stays schema-valid.
MAX_FUZZ_PARTITIONS = 8


def _within_the_cluster(case):
    """
    What no schema can say, made true of the generated case so it tests the rest: a CEL `filter` that
    parses (its syntax is the expression language's, like a regex's), `from` not after `to`, a share
    group offset given as a number or as EARLIEST/LATEST but not both, and a replication factor the
    one-broker test cluster can hold.
    """
    query = case.query if isinstance(case.query, dict) else None
    if query is not None:
        if "filter" in query:
            query["filter"] = "true"
        if "from" in query and "to" in query:
            query.pop("from")
    body = case.body
    path = case.operation.path
    if path.endswith("/share-groups/{group}/offsets") and isinstance(body, list):
        for item in body:
            if isinstance(item, dict):
                item.pop("to", None)
                item.setdefault("offset", 0)
    if path.endswith("/replication") and isinstance(body, dict) and "replicationFactor" in body:
        body["replicationFactor"] = 1


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """Creating a topic or adding partitions asks for at most MAX_FUZZ_PARTITIONS partitions."""
    _within_the_cluster(case)
    path = case.operation.path
    if case.method.upper() != "POST" or not (path.endswith("/topic") or path.endswith("/partitions")):
        return None
    body = case.body
    if not isinstance(body, dict) or "partition" not in body:
        return None
    count = body["partition"]
    if isinstance(count, bool):
        return None
    if isinstance(count, int) and count > MAX_FUZZ_PARTITIONS:
        body["partition"] = MAX_FUZZ_PARTITIONS
    elif isinstance(count, str) and count.isdigit() and int(count) > MAX_FUZZ_PARTITIONS:
        body["partition"] = str(MAX_FUZZ_PARTITIONS)
    return None
