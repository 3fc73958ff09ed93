/**
 * `npm run account:plan -- <email> [plan]` (see account-plan-command.ts): sets or shows the plan
 * of an account, with the server's configuration.
 */
import 'reflect-metadata';
import { accountPlanCommand } from './account-plan-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand(accountPlanCommand);
