/**
 * HTML of the embedded staff provider (simulated mode): its login page, the sign-out confirmation
 * and its error page, in the look of the simulated Steam's pages and marked as the demo provider.
 * Plain forms, no script (the server's CSP forbids inline script).
 */
import { escapeHtml } from '../html';
import { type DemoStaffAccount } from './staffAccounts';

const STYLE = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: radial-gradient(ellipse at top, #1e2a3a 0%, #0d1117 70%); color: #c9d1d9; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: #161b22; padding: 14px 24px; display: flex; align-items: center; gap: 10px; }
  header b { color: #fff; letter-spacing: .08em; font-size: 18px; }
  header span { white-space: nowrap; font-size: 12px; padding: 2px 8px; border-radius: 4px; background: #6e4b00; color: #ffd98a; }
  main { width: min(560px, calc(100% - 32px)); margin: 40px 0; }
  .card { background: rgba(22, 27, 34, .92); border: 1px solid #30363d; border-radius: 8px; padding: 28px; }
  h1 { color: #fff; font-size: 22px; margin: 0 0 6px; }
  h2 { color: #8b949e; font-size: 12px; letter-spacing: .12em; text-transform: uppercase; margin: 24px 0 10px; }
  p { margin: 0 0 8px; color: #8b949e; }
  .client { color: #79c0ff; }
  form { margin: 0; }
  .person { width: 100%; display: flex; align-items: center; gap: 14px; padding: 10px 12px; margin-bottom: 8px; cursor: pointer;
    background: #1c2330; border: 1px solid #30363d; border-radius: 6px; color: #fff; font: inherit; text-align: left; }
  .person:hover, .person:focus-visible { background: #263041; border-color: #79c0ff; outline: none; }
  .person small { display: block; color: #8b949e; }
  .initial { width: 40px; height: 40px; flex: none; border-radius: 50%; display: grid; place-items: center; background: #30363d; color: #fff; font-weight: 600; }
  .role { margin-left: auto; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #1f3a5f; color: #a5d6ff; }
  .actions { display: flex; gap: 8px; margin-top: 16px; }
  .actions button { flex: 1; padding: 10px 16px; border-radius: 6px; font: inherit; cursor: pointer; border: 1px solid #30363d; background: #21262d; color: #fff; }
  .actions button.primary { border: 0; background: linear-gradient(90deg, #58a6ff, #1f6feb); }
  .note { margin-top: 20px; font-size: 13px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><header><b>SKINMARKET STAFF</b><span>demo identity provider</span></header><main>${body}</main></body></html>`;
}

function personButton(account: DemoStaffAccount, action: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="email" value="${escapeHtml(account.email)}">
<button class="person" type="submit"><span class="initial" aria-hidden="true">${escapeHtml(account.name.charAt(0))}</span>
<span>${escapeHtml(account.name)}<small>${escapeHtml(account.email)}</small></span><span class="role">${escapeHtml(account.roles.join(', '))}</span></button></form>`;
}

/** The login interaction: one form per demo staff member, posting to `action`. */
export function loginPage(props: { clientName: string; action: string; accounts: readonly DemoStaffAccount[] }): string {
  return page(
    'Sign in · SkinMarket staff (demo provider)',
    `<div class="card">
<h1>Sign in to the staff console</h1>
<p>You are signing in to <span class="client">${escapeHtml(props.clientName)}</span>. This is the demo OpenID provider of the simulated mode, standing in for a company's identity provider: pick a person; no password is needed.</p>
<h2>Demo staff</h2>
${props.accounts.map((account) => personButton(account, props.action)).join('')}
<p class="note">In live mode staff sign in through the company's provider (STAFF_OIDC_ISSUER) and this page does not exist.</p>
</div>`,
  );
}

/** RP-initiated logout's confirmation; `form` is oidc-provider's form (id op.logoutForm) with its token. */
export const logoutPage = (form: string): string =>
  page(
    'Sign out · SkinMarket staff (demo provider)',
    `<div class="card"><h1>Sign out of the demo provider?</h1>
<p>You have left the staff console. Signing out here too means the next sign-in asks who you are again.</p>${form}
<div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button></div></div>`,
  );

export const signedOutPage = (): string =>
  page('Signed out · SkinMarket staff (demo provider)', '<div class="card"><h1>Signed out</h1><p>You are signed out of the demo provider.</p></div>');

export const errorPage = (details: Record<string, unknown>): string =>
  page(
    'Sign-in error · SkinMarket staff (demo provider)',
    `<div class="card"><h1>Something went wrong</h1>
${Object.entries(details)
  .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
  .join('')}
<p class="note"><a class="client" href="/staff">Back to the staff console</a></p></div>`,
  );
