import { SQLDialect } from '@codemirror/lang-sql';

// ksqlDB's words (docs.ksqldb.io, "ksqlDB syntax reference"): standard SQL's highlighting left the
// statements' own words (STREAM, TABLE, EMIT CHANGES, WINDOW ...) plain, so a statement looked unhighlighted.
const keywords = `select from where and or not as create stream streams table tables with insert into values drop
delete topic emit changes final limit group by partition having window tumbling hopping session size advance
grace period retention join left right full outer inner on within show list describe extended explain
terminate pause resume query queries print properties functions function type types connector connectors
source sink key primary headers header if exists replace case when then else end cast is null true false
between like in assert define undefine set unset alter add column include distinct all variables
millisecond milliseconds second seconds minute minutes hour hours day days`;

const types =
  'boolean int integer bigint double decimal varchar string bytes date time timestamp array map struct';

/** The SQL editors' dialect: ksqlDB statements and queries. */
export const KsqlDialect = SQLDialect.define({
  keywords: keywords.replace(/\s+/g, ' '),
  types,
  // ksqlDB quotes identifiers with backticks and strings with single quotes.
  identifierQuotes: '`',
});
