import Router from '@koa/router';
import { type AppServices } from '../../context';

export function staffSupportRouter(_services: AppServices): Router {
  return new Router();
}
