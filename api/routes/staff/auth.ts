import Router from '@koa/router';
import { type AppServices } from '../../context';

export function staffAuthRouter(_services: AppServices): Router {
  return new Router({ prefix: '/staff/auth' });
}
