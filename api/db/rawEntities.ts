/**
 * Entities from hand-written SQL, for the statements TypeORM cannot build and the hot paths that
 * need them (one statement that reads a session with its user, or locks a buyer and the listings
 * of a cart): `columnsOf` lists an entity's columns under an alias, each named
 * `<alias>_<column>`, and `entityOf` turns such a row back into the entity, converting every
 * value exactly as TypeORM converts the rows it loads itself (bigint transformers, dates), so a
 * column added to the entity needs no change here.
 */
import { type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';

/** `alias."col" AS "alias_col", …` for every column of the entity. */
export function columnsOf(dataSource: DataSource, target: EntityTarget<ObjectLiteral>, alias: string): string {
  const { driver } = dataSource;
  return dataSource
    .getMetadata(target)
    .columns.map((column) => `${alias}.${driver.escape(column.databaseName)} AS ${driver.escape(`${alias}_${column.databaseName}`)}`)
    .join(', ');
}

/** The entity in a row selected with `columnsOf(…, alias)`; null when the row has none (an outer join found nothing). */
export function entityOf<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, row: Record<string, unknown>, alias: string): T | null {
  const metadata = dataSource.getMetadata(target);
  const primary = metadata.primaryColumns[0]!;
  if (row[`${alias}_${primary.databaseName}`] == null) return null;
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    column.setEntityValue(entity, dataSource.driver.prepareHydratedValue(row[`${alias}_${column.databaseName}`], column));
  }
  return entity;
}
