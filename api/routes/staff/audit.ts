import Router from '@koa/router';
import { type AppServices } from '../../context';

export function staffAuditRouter(_services: AppServices): Router {
  return new Router();
}
