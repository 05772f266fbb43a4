/**
 * Operator commands: `npm run ops -- <command> [options]`. They use the server's own configuration:
 * DATABASE_URL, or the embedded database in DATA_DIR (started for the command when `npm start` is
 * not running).
 */
import { type DataSource } from 'typeorm';
import { type z } from 'zod';
import { parseMoney, formatUsd } from '../shared/money';
import { paidWithdrawalSchema, rejectWithdrawalSchema } from '../shared/schemas/staff';
import { isSteamId64 } from '../shared/steam';
import { escapeControlCharacters } from '../shared/text';
import { CLI_ACTOR } from '../api/audit/auditLog';
import { featuredSetter } from '../api/commands/featuredSetter';
import { lostListingCanceller } from '../api/commands/lostListingCanceller';
import { manualDepositCreditor } from '../api/commands/manualDepositCreditor';
import { MANUAL_DEPOSIT_METHODS, type ManualDepositMethod } from '../shared/schemas/staff';
import { withdrawalApprover } from '../api/commands/withdrawalApprover';
import { withdrawalDestinationReader } from '../api/commands/withdrawalDestinationReader';
import { withdrawalProcessor } from '../api/commands/withdrawalProcessor';
import { loadConfig } from '../api/config';
import { createFieldCipher } from '../api/crypto/fieldCipher';
import { loadSecrets } from '../api/secrets';
import { ContactMessage, IssueReport } from '../api/entities';
import { listOverdueHolds } from '../api/market/overdueHolds';
import { approvalsNeeded, withdrawalQueue, type QueuedWithdrawal } from '../api/wallet/withdrawalQueue';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../shared/schemas/wallet';
import { backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './database';

interface Command {
  summary: string;
  usage: string;
  /** Takes the database as it is, never migrating it first: a backup copies what is there, a restore needs it empty. */
  asIs?: boolean;
  run(dataSource: DataSource, args: string[]): Promise<void>;
}

function limitFrom(args: string[]): number {
  const given = optionValue(args, '--limit');
  const limit = given !== undefined ? Number(given) : 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be a whole number from 1 to 1000');
  return limit;
}

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

/**
 * Output with every interpolated value's control characters shown as escapes (line breaks too):
 * stored text (bank names, display names, messages) is user-supplied, and a terminal acts on an
 * escape sequence in it, repainting the screen; a line break would fake a line of the queue.
 */
function line(parts: TemplateStringsArray, ...values: unknown[]): string {
  return parts.reduce((text, part, index) => `${text}${escapeControlCharacters(String(values[index - 1]))}${part}`);
}

/** Multi-line user text, escaped but for its line breaks, every line after the first indented. */
const block = (text: string, indent: string) => escapeControlCharacters(text, { keepLineBreaks: true }).replace(/\r?\n/g, `\n${indent}`);

function optionValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Input held to the console's own rules (shared/schemas/staff.ts), so both store the same. */
function checked<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues[0]!.message);
  return result.data;
}

/** The four-eyes threshold of the server's configuration (WITHDRAWAL_FOUR_EYES_USD). */
const fourEyesCents = () => loadConfig().withdrawalFourEyesCents;

function report({ withdrawal, approvals }: QueuedWithdrawal): void {
  const needed = approvalsNeeded(withdrawal.amountCents, fourEyesCents());
  const waiting = withdrawal.status === 'requested' ? ` (approved ${approvals.length} of ${needed}: a second finance approval in the console is needed)` : '';
  console.log(line`Withdrawal ${withdrawal.id} (${formatUsd(withdrawal.amountCents)}) is now ${withdrawal.status}${waiting}.`);
}

const commands: Record<string, Command> = {
  backup: {
    summary: 'copy the database into FILE (pg_dump custom format), or into DIR as skinmarket-<UTC time>.dump',
    usage: 'backup <FILE|DIR>',
    asIs: true,
    async run(dataSource, args) {
      if (!args[0]) throw new Error('name the backup file or a directory for it');
      const { file, bytes } = await backupDatabase(dataSource, args[0]);
      console.log(line`Backed up the database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MiB).`);
    },
  },
  restore: {
    summary: 'restore a backup into the database, which must be empty (then run the migrations)',
    usage: 'restore <FILE>',
    asIs: true,
    async run(dataSource, args) {
      if (!args[0]) throw new Error('name the backup file');
      await restoreDatabase(dataSource, args[0]);
      console.log(line`Restored ${args[0]}. Run \`npm run migrate\` before starting the servers on it.`);
    },
  },
  'credit-deposit': {
    summary: 'credit a bank wire, SEPA or crypto transfer (once per reference)',
    usage: 'credit-deposit <steamId> <amount> <reference> [--method bank_wire_usa|iban_sepa|crypto]',
    async run(dataSource, args) {
      const [steamId, amountText, reference] = args;
      const amountCents = amountText ? parseMoney(amountText) : null;
      if (!steamId || !reference || amountCents === null || amountCents <= 0n) {
        throw new Error('usage: credit-deposit <steamId> <amount e.g. 250.00> <reference>');
      }
      const method = (optionValue(args, '--method') ?? 'bank_wire_usa') as ManualDepositMethod;
      if (!MANUAL_DEPOSIT_METHODS.includes(method)) throw new Error(`--method must be one of ${MANUAL_DEPOSIT_METHODS.join(', ')}`);
      // A reference credited to someone else or another amount is refused with the command's message.
      const { deposit, credited } = await manualDepositCreditor({ steamId, amountCents, reference, method, actor: CLI_ACTOR, dataSource });
      if (credited) console.log(line`Credited ${formatUsd(amountCents)} to ${steamId} (deposit ${deposit.id}).`);
      else console.log(line`Reference ${reference} was already credited (deposit ${deposit.id}); nothing changed.`);
    },
  },
  withdrawals: {
    summary: 'list withdrawals, oldest first (default: requested and processing)',
    usage: 'withdrawals [--status requested|processing|paid|rejected] [--steam-id STEAMID64] [--limit N]',
    async run(dataSource, args) {
      const status = optionValue(args, '--status') as WithdrawalStatus | undefined;
      if (status !== undefined && !WITHDRAWAL_STATUSES.includes(status)) throw new Error(`--status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`);
      const steamId = optionValue(args, '--steam-id');
      if (steamId !== undefined && !isSteamId64(steamId)) throw new Error('--steam-id must be a steamid64');
      const queue = await withdrawalQueue(dataSource, { status, steamId, limit: limitFrom(args) });
      if (!queue.length) return console.log('No withdrawals.');
      for (const { withdrawal, user } of queue) {
        const amount = formatUsd(withdrawal.amountCents).padStart(10);
        console.log(line`${when(withdrawal.createdAt)}  ${withdrawal.status.padEnd(10)}  ${amount}  ${user.steamId}  ${withdrawal.methodSummary}\n  id ${withdrawal.id}`);
      }
    },
  },
  'withdrawal-destination': {
    summary: 'show where to send a withdrawal (decrypted; for paying it out)',
    usage: 'withdrawal-destination <id>',
    async run(dataSource, args) {
      if (!args[0]) throw new Error('name the withdrawal id');
      const cipher = createFieldCipher(loadSecrets(loadConfig()).dataEncryptionKey);
      const destination = await withdrawalDestinationReader({ withdrawalId: args[0], actor: CLI_ACTOR, dataSource, cipher });
      for (const [field, value] of Object.entries(destination)) console.log(line`${field}: ${value}`);
    },
  },
  'withdrawal-processing': {
    summary: `approve a withdrawal (as ${CLI_ACTOR}); it is processing once approved, but above WITHDRAWAL_FOUR_EYES_USD it also needs a finance approval in the console`,
    usage: 'withdrawal-processing <id>',
    async run(dataSource, args) {
      if (!args[0]) throw new Error('name the withdrawal id');
      report(await withdrawalApprover({ withdrawalId: args[0], actor: CLI_ACTOR, fourEyesCents: fourEyesCents(), dataSource }));
    },
  },
  'withdrawal-paid': {
    summary: 'mark a processing (approved) withdrawal paid: the money has been sent, under this payout reference',
    usage: 'withdrawal-paid <id> <reference>',
    async run(dataSource, args) {
      const [id, ...rest] = args;
      if (!id || !rest.length) throw new Error('usage: withdrawal-paid <id> <payout reference at the bank or provider>');
      const { reference } = checked(paidWithdrawalSchema, { reference: rest.join(' ') });
      report(await withdrawalProcessor({ withdrawalId: id, to: 'paid', reference, actor: CLI_ACTOR, fourEyesCents: fourEyesCents(), dataSource }));
    },
  },
  'withdrawal-reject': {
    summary: 'reject a withdrawal; the amount returns to the balance',
    usage: 'withdrawal-reject <id> <reason>',
    async run(dataSource, args) {
      const [id, ...rest] = args;
      if (!id) throw new Error('name the withdrawal id');
      if (!rest.length) throw new Error('give the reason the user will see');
      const { reason } = checked(rejectWithdrawalSchema, { reason: rest.join(' ') });
      report(await withdrawalProcessor({ withdrawalId: id, to: 'rejected', reason, actor: CLI_ACTOR, fourEyesCents: fourEyesCents(), dataSource }));
    },
  },
  feature: {
    summary: 'show a listing in the landing page\'s Featured Marketplace while it is available (--off: stop)',
    usage: 'feature <listingId> [--off]',
    async run(dataSource, args) {
      const [id] = args;
      if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('name the listing id');
      const featured = !args.includes('--off');
      const listing = await featuredSetter({ listingId: id, featured, actor: CLI_ACTOR, dataSource });
      const available = listing.soldAt === null && (listing.status === 'holding' || listing.status === 'active');
      console.log(line`${listing.name} (${formatUsd(listing.priceCents)}) is ${featured ? 'featured' : 'no longer featured'}${featured && !available ? ', but not available, so not shown' : ''}.`);
    },
  },
  'overdue-holds': {
    summary: 'list listings still waiting over an hour after their hold ended, oldest first',
    usage: 'overdue-holds [--limit N]',
    async run(dataSource, args) {
      const listings = await listOverdueHolds(dataSource, limitFrom(args));
      if (!listings.length) return console.log('No overdue holds.');
      for (const listing of listings) {
        const state = `${listing.status}${listing.soldAt ? ', sold' : ''}`;
        console.log(line`${listing.id}  hold ended ${when(listing.holdEndTime)}  ${state}  bot asset ${listing.botAssetid ?? '-'}  ${listing.name}`);
      }
    },
  },
  'cancel-lost-listing': {
    summary: "cancel an overdue listing whose item the bot's Steam inventory no longer has (check it first); a buyer is refunded",
    usage: 'cancel-lost-listing <listingId>',
    async run(dataSource, args) {
      const [id] = args;
      if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('name the listing id');
      const { listing, refundedCents, changed } = await lostListingCanceller({ listingId: id, actor: CLI_ACTOR, dataSource });
      if (!changed) return console.log(line`${listing.name} was already cancelled as lost.`);
      console.log(line`${listing.name} is cancelled as lost${refundedCents === null ? '' : `; the buyer got ${formatUsd(refundedCents)} back`}.`);
    },
  },
  messages: {
    summary: 'list contact messages, newest first',
    usage: 'messages [--limit N]',
    async run(dataSource, args) {
      const rows = await dataSource.getRepository(ContactMessage).find({ order: { createdAt: 'DESC' }, take: limitFrom(args) });
      if (!rows.length) return console.log('No contact messages.');
      for (const row of rows) {
        console.log(line`${when(row.createdAt)}  ${row.category}  ${row.name} <${row.email}>  ${row.emailedAt ? 'e-mailed' : 'not e-mailed'}`);
        console.log(line`  id ${row.id}\n  Subject: ${row.subject}`);
        console.log(`  ${block(row.message, '  ')}\n`);
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
        console.log(line`${when(row.createdAt)}  [${row.severity}] ${row.issueType}  ${row.title}  ${row.email}${row.steamId ? ` (Steam ${row.steamId})` : ''}`);
        const details = [
          ['Description', row.description],
          ['Steps', row.stepsToReproduce],
          ['Expected', row.expectedBehavior],
          ['Actual', row.actualBehavior],
        ].filter(([, text]) => text);
        for (const [label, text] of details) console.log(`  ${label}: ${block(text!, '    ')}`);
        if (row.systemInfo) console.log(line`  System: ${row.systemInfo.userAgent}; ${row.systemInfo.screen}; app ${row.systemInfo.appVersion}`);
        console.log(line`  id ${row.id}${row.includeScreenshot ? '; reporter offered a screenshot' : ''}\n`);
      }
    },
  },
};

function usage(): string {
  return ['Usage: npm run ops -- <command>', '', ...Object.values(commands).map((c) => `  ${c.usage.padEnd(40)} ${c.summary}`)].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(name ? `Unknown command: ${name}\n\n${usage()}` : usage());
  process.exit(2);
}
const database = await openDatabase({ migrate: !command.asIs });
try {
  await command.run(database.dataSource, args);
} catch (error) {
  console.error(line`ops ${name}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
