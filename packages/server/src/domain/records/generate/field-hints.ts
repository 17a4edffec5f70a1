import type { Faker } from '@faker-js/faker';

/** What a schema says a field holds, as far as picking a fake value goes. */
export type Kind = 'string' | 'integer' | 'number';

type Hint = (faker: Faker, kind: Kind) => unknown;

const text =
  (make: (faker: Faker) => string): Hint =>
  (faker, kind) =>
    kind === 'string' ? make(faker) : undefined;

const recent = (faker: Faker) => faker.date.recent({ days: 30 });
const when: Hint = (faker, kind) =>
  kind === 'string' ? recent(faker).toISOString() : kind === 'integer' ? recent(faker).getTime() : undefined;
const id: Hint = (faker, kind) =>
  kind === 'string'
    ? faker.string.uuid()
    : kind === 'integer'
      ? faker.number.int({ min: 1, max: 1_000_000 })
      : undefined;
const amount: Hint = (faker, kind) =>
  kind === 'number'
    ? Number(faker.finance.amount({ min: 1, max: 1_000 }))
    : kind === 'integer'
      ? faker.number.int({ min: 1, max: 1_000 })
      : faker.finance.amount({ min: 1, max: 1_000 });

/** By field name, lower-cased, without `_` and `-`: `created_at`, `createdAt` and `CreatedAt` are one. */
const HINTS: Record<string, Hint> = {
  email: text((f) => f.internet.email()),
  emailaddress: text((f) => f.internet.email()),
  mail: text((f) => f.internet.email()),
  name: text((f) => f.person.fullName()),
  fullname: text((f) => f.person.fullName()),
  firstname: text((f) => f.person.firstName()),
  givenname: text((f) => f.person.firstName()),
  lastname: text((f) => f.person.lastName()),
  surname: text((f) => f.person.lastName()),
  familyname: text((f) => f.person.lastName()),
  username: text((f) => f.internet.username()),
  login: text((f) => f.internet.username()),
  city: text((f) => f.location.city()),
  country: text((f) => f.location.country()),
  countrycode: text((f) => f.location.countryCode()),
  state: text((f) => f.location.state()),
  street: text((f) => f.location.streetAddress()),
  address: text((f) => f.location.streetAddress()),
  streetaddress: text((f) => f.location.streetAddress()),
  zip: text((f) => f.location.zipCode()),
  zipcode: text((f) => f.location.zipCode()),
  postcode: text((f) => f.location.zipCode()),
  postalcode: text((f) => f.location.zipCode()),
  phone: text((f) => f.phone.number()),
  phonenumber: text((f) => f.phone.number()),
  mobile: text((f) => f.phone.number()),
  url: text((f) => f.internet.url()),
  website: text((f) => f.internet.url()),
  ip: text((f) => f.internet.ipv4()),
  ipaddress: text((f) => f.internet.ipv4()),
  company: text((f) => f.company.name()),
  companyname: text((f) => f.company.name()),
  currency: text((f) => f.finance.currencyCode()),
  description: text((f) => f.lorem.sentence()),
  comment: text((f) => f.lorem.sentence()),
  message: text((f) => f.lorem.sentence()),
  title: text((f) => f.lorem.words(3)),
  color: text((f) => f.color.human()),
  uuid: text((f) => f.string.uuid()),
  guid: text((f) => f.string.uuid()),
  id,
  createdat: when,
  updatedat: when,
  timestamp: when,
  time: when,
  datetime: when,
  eventtime: when,
  price: amount,
  amount,
  total: amount,
  age: (f, kind) => (kind === 'string' ? undefined : f.number.int({ min: 18, max: 90 })),
  quantity: (f, kind) => (kind === 'string' ? undefined : f.number.int({ min: 1, max: 100 })),
  latitude: (f, kind) => (kind === 'number' ? f.location.latitude() : undefined),
  longitude: (f, kind) => (kind === 'number' ? f.location.longitude() : undefined),
};

/** A value the field's name suggests (`email`, `firstName`, `createdAt`, `userId`...), if any fits its kind. */
export function hinted(faker: Faker, name: string | undefined, kind: Kind): unknown {
  if (!name) return undefined;
  const key = name.toLowerCase().replaceAll('_', '').replaceAll('-', '');
  const idLike = ['Id', 'ID', '_id', '-id'].some((end) => name.endsWith(end));
  const hint = Object.hasOwn(HINTS, key) ? HINTS[key] : idLike ? id : undefined;
  return hint?.(faker, kind);
}

/** A plain value of a kind, when neither the schema nor the name says more. */
export function plainValue(faker: Faker, kind: Kind): string | number {
  if (kind === 'integer') return faker.number.int({ min: 0, max: 10_000 });
  if (kind === 'number') return faker.number.float({ min: 0, max: 1_000, fractionDigits: 2 });
  return faker.lorem.word();
}
