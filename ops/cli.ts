/**
 * Operator commands: `npm run ops -- <command> [options]`. They use the server's own configuration:
 * DATABASE_URL, or the embedded database in DATA_DIR (started for the command when `npm start` is
 * not running).
 */
import { type DataSource } from 'typeorm';
import { loadConfig } from '../api/config';
import { createDataSource } from '../api/db/dataSource';
import { startEmbeddedDatabase } from '../api/db/embedded';
import { ContactMessage, IssueReport } from '../api/entities';

interface Command {
  summary: string;
  usage: string;
  run(dataSource: DataSource, args: string[]): Promise<void>;
}

function limitFrom(args: string[]): number {
  const index = args.indexOf('--limit');
  const limit = index >= 0 ? Number(args[index + 1]) : 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be a whole number from 1 to 1000');
  return limit;
}

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

const commands: Record<string, Command> = {
  messages: {
    summary: 'list contact messages, newest first',
    usage: 'messages [--limit N]',
    async run(dataSource, args) {
      const rows = await dataSource.getRepository(ContactMessage).find({ order: { createdAt: 'DESC' }, take: limitFrom(args) });
      if (!rows.length) return console.log('No contact messages.');
      for (const row of rows) {
        console.log(`${when(row.createdAt)}  ${row.category}  ${row.name} <${row.email}>  ${row.emailedAt ? 'e-mailed' : 'not e-mailed'}`);
        console.log(`  id ${row.id}\n  Subject: ${row.subject}\n  ${row.message.replace(/\n/g, '\n  ')}\n`);
      }
    },
  },
  'issue-reports': {
    summary: 'list issue reports, newest first',
    usage: 'issue-reports [--limit N]',
    async run(dataSource, args) {
      const rows = await dataSource.getRepository(IssueReport).find({ order: { createdAt: 'DESC' }, take: limitFrom(args) });
      if (!rows.length) return console.log('No issue reports.');
      for (const row of rows) {
        console.log(`${when(row.createdAt)}  [${row.severity}] ${row.issueType}  ${row.title}  ${row.email}${row.steamId ? ` (Steam ${row.steamId})` : ''}`);
        const details = [
          ['Description', row.description],
          ['Steps', row.stepsToReproduce],
          ['Expected', row.expectedBehavior],
          ['Actual', row.actualBehavior],
        ].filter(([, text]) => text);
        for (const [label, text] of details) console.log(`  ${label}: ${text!.replace(/\n/g, '\n    ')}`);
        if (row.systemInfo) console.log(`  System: ${row.systemInfo.userAgent}; ${row.systemInfo.screen}; app ${row.systemInfo.appVersion}`);
        console.log(`  id ${row.id}${row.includeScreenshot ? '; reporter offered a screenshot' : ''}\n`);
      }
    },
  },
};

function usage(): string {
  return ['Usage: npm run ops -- <command>', '', ...Object.values(commands).map((c) => `  ${c.usage.padEnd(32)} ${c.summary}`)].join('\n');
}

async function openDatabase(): Promise<{ dataSource: DataSource; close(): Promise<void> }> {
  const config = loadConfig();
  const running = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/skinmarket`;
  let dataSource = createDataSource(running, { poolSize: 2 });
  try {
    await dataSource.initialize();
    return { dataSource, close: () => dataSource.destroy() };
  } catch (error) {
    if (config.databaseUrl) throw error;
  }
  // The server is not running: bring up the embedded database for this command only.
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'skinmarket' });
  dataSource = createDataSource(embedded.url, { poolSize: 2 });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await embedded.stop();
    },
  };
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(name ? `Unknown command: ${name}\n\n${usage()}` : usage());
  process.exit(2);
}
const database = await openDatabase();
try {
  await command.run(database.dataSource, args);
} catch (error) {
  console.error(`ops ${name}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
