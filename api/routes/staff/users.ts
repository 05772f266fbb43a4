import Router from '@koa/router';
import { type AppServices } from '../../context';

export function staffUsersRouter(_services: AppServices): Router {
  return new Router();
}
