import {
  type PGlite,
  type QueryOptions,
  type Results,
  parse,
  protocol,
} from '@electric-sql/pglite';

/** Beyond this many distinct texts, further ones take PGlite's own path (a bound on its memory). */
const MAX_STATEMENTS = 500;

/** PGlite's own locks, the ones its `query()` takes (not part of its typed interface). */
interface PGliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * PGlite's `query()` sends Parse, Describe, Bind, Describe, Execute and Sync one call each and
 * parses and plans the text every time: ~0.7 ms for a page of users, of which PostgreSQL's own
 * work is a fraction. The app's queries are a small fixed set of texts (drizzle always binds
 * values), so here each text becomes a named statement, prepared once, and each execution is a
 * single call of Bind, Describe, Execute and Sync (~0.3 ms). Transactions keep PGlite's path.
 */
export function withNamedStatements(client: PGlite): PGlite {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  const locks = client as unknown as PGliteLocks;

  async function prepared(text: string) {
    const known = statements.get(text);
    if (known) return known;
    const name = `s${statements.size + 1}`;
    const { messages } = await client.execProtocol(
      joined([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.blob || (statements.size >= MAX_STATEMENTS && !statements.has(text)))
      return client.query<T>(text, params, options);
    return locks._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const { name, paramTypes } = await prepared(text);
        // The same conversion as PGlite's query(): by the parameter's type, else its text.
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const oid = paramTypes[i]!;
          const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
          return serializer ? serializer(param) : String(param);
        });
        const { messages } = await client.execProtocol(
          joined([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target) as unknown;
      // PGlite's methods use private fields, which only the target itself can reach.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
