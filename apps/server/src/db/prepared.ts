/**
 * Named prepared statements built on first use and kept, one per name (a page size, a shape of filters
 * written into the name): the SQL is built once per process, and PostgreSQL plans it once per connection.
 */
export function preparedByName<Statement>() {
  const kept = new Map<string, Statement>();
  return (name: string, prepare: (name: string) => Statement): Statement => {
    let statement = kept.get(name);
    if (!statement) {
      statement = prepare(name);
      kept.set(name, statement);
    }
    return statement;
  };
}
