import { describe, expect, it } from 'vitest';
import { prettySchema, schemaTextError } from './schema-text';

describe('schema text', () => {
  it('refuses what cannot be a schema of its type, naming why', () => {
    expect(schemaTextError('AVRO', ' ')).toBe('Schema is required');
    expect(schemaTextError('AVRO', '{"type": "record",')).toMatch(/^Schema is not valid JSON: /);
    expect(schemaTextError('AVRO', '12')).toBe('An Avro schema is a JSON object, array or type name');
    expect(schemaTextError('JSON', '[1]')).toBe('A JSON Schema is a JSON object or a boolean');
    expect(schemaTextError('AVRO', '"string"')).toBeUndefined();
    expect(schemaTextError('JSON', '{"type":"object"}')).toBeUndefined();
    expect(schemaTextError('PROTOBUF', 'syntax = "proto3";')).toBeUndefined();
  });

  it('pretty-prints JSON schemas only', () => {
    expect(prettySchema('AVRO', '{"type":"string"}')).toBe('{\n  "type": "string"\n}');
    expect(prettySchema('AVRO', '{')).toBeUndefined();
    expect(prettySchema('PROTOBUF', 'message A {}')).toBeUndefined();
  });
});
