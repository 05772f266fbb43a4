/**
 * The load balancer's nginx config, rendered from its template, checked by real nginx (`nginx -t`:
 * every directive known and in its place, the upstreams resolvable) as whoever runs the tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../freePort';
import { COMPOSE_NGINX_CONFIG_FILE, COMPOSE_NGINX_OPTIONS, findNginx, nginxMainConfig, renderNginxConfig } from './nginxConfig';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `nginx -t` on a main config around `httpConfig`: its exit status and what it said. */
function nginxTest(httpConfig: string): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-nginx-'));
  dirs.push(dir);
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, nginxMainConfig(dir, httpConfig));
  const result = spawnSync(findNginx(), ['-t', '-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The directives of the location block for `location` in a rendered config. */
function locationBlock(config: string, location: string): string {
  const start = config.indexOf(`location ${location} {`);
  expect(start, `a location ${location}`).toBeGreaterThanOrEqual(0);
  return config.slice(start, config.indexOf('}', start));
}

describe('renderNginxConfig', () => {
  const config = renderNginxConfig({ listen: '127.0.0.1:18080', upstreams: ['127.0.0.1:18081', '127.0.0.1:18082'] });

  it('renders a config real nginx accepts', () => {
    const { status, output } = nginxTest(config);
    expect(output).toContain('test is successful');
    expect(status).toBe(0);
  });

  it('is checked by an nginx that refuses a broken config', () => {
    const { status, output } = nginxTest(config.replace('proxy_buffering off;', 'proxy_buffering sometimes;'));
    expect(output).toContain('proxy_buffering');
    expect(status).not.toBe(0);
  });

  it('streams live events unbuffered, keeps hashed assets for a year, and never retries a sent POST', () => {
    const events = locationBlock(config, '/api/events');
    for (const directive of ['proxy_buffering off;', 'proxy_cache off;', 'proxy_read_timeout 1h;', 'gzip off;']) expect(events).toContain(directive);
    expect(locationBlock(config, '/assets/')).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    const retried = /^\s*proxy_next_upstream ([^;]*);/m.exec(config);
    expect(retried, 'proxy_next_upstream is set').not.toBeNull();
    expect(retried![1]).not.toContain('non_idempotent');
    expect(config).toContain('    server 127.0.0.1:18081 max_fails=0;\n    server 127.0.0.1:18082 max_fails=0;');
  });

  it('refuses values that would add directives', () => {
    expect(() => renderNginxConfig({ listen: 8080, upstreams: ['web:8080; include /etc/passwd'] })).toThrow(/host:port/);
    expect(() => renderNginxConfig({ listen: '8080 default_server; root /', upstreams: ['web:8080'] })).toThrow(/listen/);
    expect(() => renderNginxConfig({ listen: 8080, upstreams: [] })).toThrow(/at least one/);
  });

  it("matches compose's copy (run `node --import tsx ops/deploy/nginxConfig.ts` after changing the template)", () => {
    expect(readFileSync(COMPOSE_NGINX_CONFIG_FILE, 'utf8')).toBe(renderNginxConfig(COMPOSE_NGINX_OPTIONS));
  });
});

describe('the rendered config, run by nginx', () => {
  it('passes on the 503s of a database outage (every process answering 503) and serves again as soon as the processes do', async () => {
    let status = 503;
    const processes = await Promise.all(
      [1, 2].map(async () => {
        const port = await freePort();
        const server = http.createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        return { server, port };
      }),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'sm-nginx-'));
    dirs.push(dir);
    const port = await freePort();
    const config = renderNginxConfig({ listen: `127.0.0.1:${port}`, upstreams: processes.map((upstream) => `127.0.0.1:${upstream.port}`) });
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, config));
    const nginx = spawn(findNginx(), ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    const statusOf = () => fetch(`http://127.0.0.1:${port}/api/user`).then((response) => response.status);
    try {
      // Listening once it answers anything.
      for (let tries = 0; (await statusOf().catch(() => 0)) === 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      const down: number[] = [];
      for (let i = 0; i < 6; i++) down.push(await statusOf());
      expect(down).toEqual([503, 503, 503, 503, 503, 503]);
      status = 200;
      expect(await statusOf()).toBe(200);
    } finally {
      nginx.kill('SIGTERM');
      await exited;
      for (const { server } of processes) server.close();
    }
  });
});
