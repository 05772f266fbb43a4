import Router from '@koa/router';
import { type AppServices } from '../../context';

export function staffMarketRouter(_services: AppServices): Router {
  return new Router();
}
