import type { ConnectPluginDefinition } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { connectorConfigs, connectorFieldErrors, formStateOf, parseTransforms } from './connector-form';

const def = (name: string, type: string, required = false): ConnectPluginDefinition => ({
  name,
  type,
  required,
  importance: 'HIGH',
  group: 'Common',
  order: 0,
});
const definitions = [
  def('name', 'STRING', true),
  def('topic', 'STRING', true),
  def('tasks.max', 'INT'),
  def('ratio', 'DOUBLE'),
  def('enabled', 'BOOLEAN'),
  def('db.password', 'PASSWORD'),
];

describe('connector form', () => {
  it('checks each field by its declared type and names it', () => {
    expect(
      connectorFieldErrors(definitions, { 'tasks.max': '1.5', ratio: 'x', enabled: 'yes', topic: ' ' }),
    ).toEqual({
      topic: 'topic is required',
      'tasks.max': 'tasks.max must be a whole number',
      ratio: 'ratio must be a number',
      enabled: 'enabled must be true or false',
      'db.password': 'db.password is required',
    });
    expect(
      connectorFieldErrors(definitions, { topic: 't', 'tasks.max': '-2', ratio: '0.5', 'db.password': 's' }),
    ).toEqual({});
  });

  it('reads the extra properties as a JSON object of scalar values', () => {
    expect(parseTransforms('')).toEqual({ configs: {} });
    expect(parseTransforms('{"transforms":"a","transforms.a.n":2}')).toEqual({
      configs: { transforms: 'a', 'transforms.a.n': '2' },
    });
    expect(parseTransforms('[1]')).toEqual({ error: 'Extra transforms properties must be a JSON object' });
    expect(parseTransforms('{oops')).toEqual({ error: 'Extra transforms properties must be a JSON object' });
    expect(parseTransforms('{"a":{"b":1}}')).toEqual({
      error: "Extra transforms properties: the value of 'a' must be a string, number or boolean",
    });
  });

  it('omits empty values from the payload and splits stored configs back into the form', () => {
    const state = { values: { topic: 't', ratio: '' }, transforms: '' };
    expect(connectorConfigs(state, { transforms: 'a' }, 'x.Source')).toEqual({
      topic: 't',
      transforms: 'a',
      'connector.class': 'x.Source',
    });
    expect(
      formStateOf(definitions, { name: 'n', 'connector.class': 'x', topic: 't', 'transforms.a.type': 'T' }),
    ).toEqual({ values: { topic: 't' }, transforms: '{\n  "transforms.a.type": "T"\n}' });
  });
});
