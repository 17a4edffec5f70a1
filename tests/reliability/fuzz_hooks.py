"""The console's own schemathesis check (tests/reliability/fuzz.ts loads it): every 400 names its field."""

import schemathesis

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
