import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../lib/form-errors';
import { CreateTopicForm, initialTopicValues, toTopicCreate } from './create-topic-form';

const errorsOf = (values: object) => {
  const result = CreateTopicForm.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('CreateTopicForm', () => {
  it('starts from the documented values and takes the server defaults over them', () => {
    expect(initialTopicValues(undefined)).toEqual({
      name: '',
      partition: '1',
      replication: '1',
      cleanup: 'delete',
      retention: '86400000',
    });
    expect(initialTopicValues({ partition: 3, replication: 2, retention: 1000 })).toMatchObject({
      partition: '3',
      replication: '2',
      retention: '1000',
    });
  });

  it('requires a name and at least one partition and replica', () => {
    expect(errorsOf({ ...initialTopicValues(undefined), partition: '0', replication: '' })).toEqual({
      name: 'Name is required',
      partition: 'Partition must be at least 1',
      replication: 'Replication is required',
    });
    expect(errorsOf({ ...initialTopicValues(undefined), name: 'bad name' })).toHaveProperty('name');
  });

  it('sends the cleanup policy and retention as topic configs', () => {
    const form = CreateTopicForm.parse({
      ...initialTopicValues(undefined),
      name: 'orders',
      cleanup: 'compact,delete',
    });
    expect(toTopicCreate(form)).toEqual({
      name: 'orders',
      partition: 1,
      replication: 1,
      configs: { 'cleanup.policy': 'compact,delete', 'retention.ms': '86400000' },
    });
  });
});
