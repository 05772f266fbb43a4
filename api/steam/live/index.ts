/**
 * The live trade bot (steam-user, steamcommunity, steam-tradeoffer-manager, steam-totp). Loaded by
 * the composition root in live mode only.
 */
import { type DataSource } from 'typeorm';
import { type Config } from '../../config';
import { type Logger } from '../../logger';
import { type TradeBot } from '../tradeBot';

export function createLiveTradeBot(p: { config: Config; dataSource: DataSource; logger: Logger }): TradeBot {
  void p;
  throw new Error('The live trade bot is not built yet');
}
