import {
  type PGlite,
  type QueryOptions,
  type Results,
  parse,
  protocol,
} from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

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
 * values), so here each text becomes a named statement, prepared and described once, and each
 * execution is a single call of Bind, Execute and Sync (~0.3 ms). Transactions keep PGlite's path.
 */
export function withNamedStatements(client: PGlite): PGlite {
  const statements = new Map<
    string,
    { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined }
  >();
  const locks = client as unknown as PGliteLocks;
  // PGlite's parseResults merges a query's own parsers into all of its parsers at every call;
  // drizzle passes the same object for every run of a prepared query, so merge that once.
  const mergedParsers = new WeakMap<object, Record<number, unknown>>();
  const parsersFor = (options?: QueryOptions) => {
    if (!options?.parsers) return client.parsers;
    let merged = mergedParsers.get(options.parsers);
    if (!merged)
      mergedParsers.set(options.parsers, (merged = { ...client.parsers, ...options.parsers }));
    return merged as typeof client.parsers;
  };

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
    // The statement's columns never change: described once here, not at every run.
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.blob || (statements.size >= MAX_STATEMENTS && !statements.has(text)))
      return client.query<T>(text, params, options);
    return locks._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const { name, paramTypes, rowDescription } = await prepared(text);
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
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
        const described = rowDescription ? [rowDescription, ...messages] : messages;
        const { parsers: _, ...rest } = options ?? {};
        return parse.parseResults(described, parsersFor(options), rest)[0] as Results<T>;
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
