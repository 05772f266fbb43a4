/**
 * A response body kept in memory and sent many times (a page of the build, the rendered market
 * page, a cached catalogue answer), with its brotli and gzip forms made once each, off the event
 * loop, the first time a browser asks for that encoding, instead of compressing it again on every
 * request (koa-compress leaves a response alone once it has a Content-Encoding). Below
 * MIN_COMPRESSED_BYTES a body goes as it is, as koa-compress's own threshold does.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Context } from 'koa';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const MIN_COMPRESSED_BYTES = 1024;

export interface EncodedBody {
  identity: Buffer;
  /** The body in `encoding`, made on first demand and kept. */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

export function encodedBody(identity: Buffer, brotliQuality: number): EncodedBody {
  const made = new Map<'br' | 'gzip', Promise<Buffer>>();
  const make = (encoding: 'br' | 'gzip') =>
    encoding === 'br'
      ? brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
      : gzipAsync(identity, { level: 9 });
  return {
    identity,
    encoded(encoding) {
      let form = made.get(encoding);
      if (!form) {
        form = make(encoding);
        made.set(encoding, form);
        // A failed compression is tried again next time rather than kept.
        form.catch(() => made.delete(encoding));
      }
      return form;
    },
  };
}

/** Sends `body` in the best encoding the browser accepts. */
export async function sendEncoded(ctx: Context, body: EncodedBody, type: string): Promise<void> {
  ctx.compress = false;
  ctx.vary('Accept-Encoding');
  const encoding = body.identity.length < MIN_COMPRESSED_BYTES ? 'identity' : ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.body = await body.encoded(encoding);
    ctx.set('Content-Encoding', encoding);
  } else {
    ctx.body = body.identity;
  }
  ctx.type = type;
}
