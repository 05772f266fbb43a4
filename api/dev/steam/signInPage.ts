/**
 * HTML of the simulated Steam: its sign-in page (the OpenID provider's checkid_setup screen) and a
 * minimal public profile page. Plain forms and links, no script (the CSP forbids inline script).
 */
import { escapeHtml } from '../html';

interface Account {
  steamId: string;
  personaName: string;
  avatarUrl: string;
  note?: string;
}

interface SignInPageProps {
  realm: string;
  /** The openid.* parameters of the request, carried through the account forms. */
  openIdParams: Array<[string, string]>;
  demoAccounts: Account[];
  testAccounts: Account[];
}

const STYLE = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: radial-gradient(ellipse at top, #1b2838 0%, #0e141b 70%); color: #c7d5e0; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: #171a21; padding: 14px 24px; display: flex; align-items: center; gap: 10px; }
  header b { color: #fff; letter-spacing: .08em; font-size: 18px; }
  header span { font-size: 12px; padding: 2px 8px; border-radius: 4px; background: #4c6b22; color: #d2efa9; }
  main { width: min(560px, calc(100% - 32px)); margin: 40px 0; }
  .card { background: rgba(23, 26, 33, .92); border: 1px solid #2a475e; border-radius: 8px; padding: 28px; }
  h1 { color: #fff; font-size: 22px; margin: 0 0 6px; }
  h2 { color: #8f98a0; font-size: 12px; letter-spacing: .12em; text-transform: uppercase; margin: 24px 0 10px; }
  p { margin: 0 0 8px; color: #8f98a0; }
  .realm { color: #66c0f4; word-break: break-all; }
  form { margin: 0; }
  .account { width: 100%; display: flex; align-items: center; gap: 14px; padding: 10px 12px; margin-bottom: 8px; cursor: pointer;
    background: #1b2838; border: 1px solid #2a475e; border-radius: 6px; color: #fff; font: inherit; text-align: left; }
  .account:hover, .account:focus-visible { background: #2a475e; border-color: #66c0f4; outline: none; }
  .account img { width: 44px; height: 44px; border-radius: 4px; }
  .account small { display: block; color: #8f98a0; }
  .other { display: flex; gap: 8px; }
  .other input { flex: 1; min-width: 0; padding: 10px 12px; background: #0e141b; border: 1px solid #2a475e; border-radius: 6px; color: #fff; font: inherit; }
  .other button { padding: 10px 16px; border: 0; border-radius: 6px; background: linear-gradient(90deg, #47bfff, #1a44c2); color: #fff; font: inherit; cursor: pointer; }
  .note { margin-top: 20px; font-size: 13px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><header><b>STEAM</b><span>simulated</span></header><main>${body}</main></body></html>`;
}

function hiddenFields(params: Array<[string, string]>): string {
  return params.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
}

function accountButton(account: Account, hidden: string): string {
  return `<form method="get" action="">${hidden}<input type="hidden" name="steamid" value="${account.steamId}">
<button class="account" type="submit"><img src="${escapeHtml(account.avatarUrl)}" alt="">
<span>${escapeHtml(account.personaName)}<small>${account.steamId}${account.note ? ` · ${escapeHtml(account.note)}` : ''}</small></span></button></form>`;
}

export function signInPage(props: SignInPageProps): string {
  const hidden = hiddenFields(props.openIdParams);
  return page(
    'Sign In · Steam (simulated)',
    `<div class="card">
<h1>Sign in through Steam</h1>
<p>You are signing in to <span class="realm">${escapeHtml(props.realm)}</span>. This is the simulated Steam of the demo: pick an account; no password is needed.</p>
<h2>Demo accounts</h2>
${props.demoAccounts.map((account) => accountButton(account, hidden)).join('')}
<h2>Test accounts</h2>
${props.testAccounts.map((account) => accountButton(account, hidden)).join('')}
<h2>Any Steam ID</h2>
<form method="get" action="" class="other">${hidden}
<input name="steamid" inputmode="numeric" pattern="7656[0-9]{13}" required placeholder="steamid64, e.g. 76561198012345678" aria-label="steamid64">
<button type="submit">Sign in</button></form>
<p class="note">Any valid steamid64 gets a generated profile and inventory.</p>
</div>`,
  );
}

export const profilePage = (account: Account): string =>
  page(
    `${account.personaName} · Steam (simulated)`,
    `<div class="card"><div class="account" style="cursor:default"><img src="${escapeHtml(account.avatarUrl)}" alt="">
<span>${escapeHtml(account.personaName)}<small>${account.steamId}</small></span></div>
<p class="note">A profile on the simulated Steam of the SkinMarket demo.</p></div>`,
  );
