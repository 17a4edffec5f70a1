import { base, en, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { compileTemplate, render } from './template.ts';

const seeded = (seed = 7) => {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
};
const once = (template: unknown, index = 0, faker = seeded()) =>
  render(compileTemplate(template, 'body.template', faker), { faker, index }, 'body.template');

/** The 400 a template is refused with, or undefined when it compiles. */
const refusal = (template: unknown) => {
  try {
    compileTemplate(template, 'body.template', seeded());
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.code).toBe('BAD_REQUEST');
    return e.message;
  }
};

describe('template resolver', () => {
  it('a string that is one expression keeps its type; text around an expression makes a string', () => {
    const value = once(
      {
        n: '{{faker.number.int({"min":5,"max":5})}}',
        label: 'n={{faker.number.int({"min":5,"max":5})}}',
        i: '{{index}}',
        ok: '{{faker.datatype.boolean}}',
        plain: 'no expression',
        nested: [{ id: '{{faker.string.uuid}}' }],
        count: 3,
      },
      12,
    ) as Record<string, unknown>;
    expect(value.n).toBe(5);
    expect(value.label).toBe('n=5');
    expect(value.i).toBe(12);
    expect(typeof value.ok).toBe('boolean');
    expect(value.plain).toBe('no expression');
    expect((value.nested as { id: string }[])[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(value.count).toBe(3);
  });

  it('dates come out as ISO-8601 text, `now` too', () => {
    const value = once({ at: '{{faker.date.recent}}', now: '{{now}}' }) as Record<string, string>;
    expect(new Date(value.at ?? '').toISOString()).toBe(value.at);
    expect(new Date(value.now ?? '').toISOString()).toBe(value.now);
  });

  it('an argument may hold }} and is read as JSON', () => {
    expect(once('{{faker.helpers.arrayElement(["a}}","b}}"])}}')).toMatch(/^[ab]}}$/);
  });

  it('the same seed gives the same values', () => {
    const template = { name: '{{faker.person.fullName}}', n: '{{faker.number.int(1000)}}' };
    expect(once(template, 0, seeded(42))).toEqual(once(template, 0, seeded(42)));
    expect(once(template, 0, seeded(42))).not.toEqual(once(template, 0, seeded(43)));
  });

  it('refuses an unknown method, naming the expression', () => {
    expect(refusal({ a: '{{faker.person.notAMethod}}' })).toMatch(/faker\.person\.notAMethod/);
    expect(refusal('{{faker.nothing.here}}')).toMatch(/not a known faker method/);
    expect(refusal('{{person.firstName}}')).toMatch(/not a known faker method/);
  });

  it('refuses anything that reaches past faker methods: prototypes, constructors, code', () => {
    for (const attempt of [
      '{{constructor.constructor("return process")()}}',
      '{{faker.__proto__}}',
      '{{faker.person.constructor}}',
      '{{faker.person.__proto__}}',
      '{{faker.person.faker}}',
      '{{faker.constructor.name}}',
      '{{faker.person.firstName.call}}',
      '{{faker.helpers.fake("{{person.firstName}}")}}',
      '{{faker.helpers.fromRegExp("(a+)+$")}}',
      '{{faker.helpers.multiple}}',
      '{{faker.person.firstName(1+1)}}',
      '{{faker.person.firstName() + process}}',
    ]) {
      expect(refusal(attempt), attempt).toBeDefined();
    }
  });

  it('refuses lengths and counts that would make a huge record', () => {
    expect(refusal('{{faker.string.alpha(100000000)}}')).toMatch(/at most 256/);
    expect(refusal('{{faker.string.alpha({"length":{"min":1,"max":1e9}})}}')).toMatch(/at most 256/);
    expect(refusal('{{faker.lorem.paragraphs({"min":1,"max":100000})}}')).toMatch(/at most 256/);
    expect(refusal('{{faker.date.betweens({"from":"2020-01-01","to":"2021-01-01","count":1e9})}}')).toMatch(
      /at most 256/,
    );
    expect(refusal('{{faker.number.int({"min":1,"max":1e12})}}')).toBeUndefined();
  });

  it('a faker error at render is a 400 naming the expression', () => {
    const faker = seeded();
    const compiled = compileTemplate('{{faker.number.int({"min":10,"max":1})}}', 'body.template', faker);
    expect(() => render(compiled, { faker, index: 0 }, 'body.template')).toThrow(/faker\.number\.int/);
  });
});
