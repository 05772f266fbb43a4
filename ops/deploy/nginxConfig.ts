/**
 * The load balancer's nginx configuration, rendered from the one template beside it
 * (nginx/skinmarket.conf.template) for compose (nginx/compose.conf, written by
 * `node --import tsx ops/deploy/nginxConfig.ts`) and for the tests that run nginx on loopback.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TEMPLATE_FILE = path.join(import.meta.dirname, 'nginx/skinmarket.conf.template');
/** The rendering compose mounts into its nginx container. */
export const COMPOSE_NGINX_CONFIG_FILE = path.join(import.meta.dirname, 'nginx/compose.conf');

export interface NginxConfigOptions {
  /** Where nginx listens: a port, or address:port. */
  listen: number | string;
  /** The web processes, each host:port. */
  upstreams: string[];
  /** nginx's server_name; default `_`, any name. */
  serverName?: string;
}

/** What compose runs: nginx on 8080 in front of web-1 and web-2 (compose.yaml). */
export const COMPOSE_NGINX_OPTIONS: NginxConfigOptions = { listen: 8080, upstreams: ['web-1:8080', 'web-2:8080'] };

// Each value becomes a directive's argument: anything beyond a name and a port could add directives.
const HOST_PORT = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):\d{1,5}$/;
const PORT = /^\d{1,5}$/;
const SERVER_NAME = /^[A-Za-z0-9.*_-]+$/;

export function renderNginxConfig({ listen, upstreams, serverName = '_' }: NginxConfigOptions): string {
  const listenText = String(listen);
  if (!PORT.test(listenText) && !HOST_PORT.test(listenText)) throw new Error(`listen must be a port or host:port, not ${listenText}`);
  if (upstreams.length === 0) throw new Error('name at least one upstream web process');
  const badUpstream = upstreams.find((upstream) => !HOST_PORT.test(upstream));
  if (badUpstream !== undefined) throw new Error(`an upstream must be host:port, not ${badUpstream}`);
  if (!SERVER_NAME.test(serverName)) throw new Error(`serverName must be a host name, not ${serverName}`);

  const values: Record<string, string> = {
    listen: listenText,
    // max_fails=0: see the template's proxy_next_upstream.
    upstreamServers: upstreams.map((upstream) => `    server ${upstream} max_fails=0;`).join('\n'),
    serverName,
  };
  return readFileSync(TEMPLATE_FILE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template names {{${name}}}, which the renderer does not fill`);
    return value;
  });
}

/**
 * A whole nginx.conf around a rendered config, with every file nginx writes (pid, logs, request
 * bodies) under `dir`, so nginx runs as whoever runs it (as root, its workers stay root too, to
 * reach `dir`). Run it with `nginx -p DIR -e DIR/error.log -c DIR/nginx.conf`.
 */
export function nginxMainConfig(dir: string, httpConfig: string): string {
  const file = (name: string) => path.join(dir, name);
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${file('nginx.pid')};`,
    `error_log ${file('error.log')};`,
    'events { worker_connections 256; }',
    'http {',
    `    access_log ${file('access.log')};`,
    `    client_body_temp_path ${file('client_body')};`,
    `    proxy_temp_path ${file('proxy')};`,
    `    fastcgi_temp_path ${file('fastcgi')};`,
    `    uwsgi_temp_path ${file('uwsgi')};`,
    `    scgi_temp_path ${file('scgi')};`,
    httpConfig,
    '}',
    '',
  ].join('\n');
}

/** Debian's nginx (`apt-get install -y nginx`), which the load-balancer checks run. */
export function findNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
  if (!found) throw new Error('nginx is not installed: the load balancer config is checked with real nginx (Debian: apt-get install -y nginx)');
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(import.meta.dirname, 'nginxConfig.ts')) {
  writeFileSync(COMPOSE_NGINX_CONFIG_FILE, renderNginxConfig(COMPOSE_NGINX_OPTIONS));
  console.warn(`wrote ${path.relative(process.cwd(), COMPOSE_NGINX_CONFIG_FILE)}`);
}
