// The agents tier for the real claude (see tier-cases.ts); skipped, in one line, where npm run agents:install has not run.
import { agentsTier } from './tier-cases';

agentsTier('claude');
