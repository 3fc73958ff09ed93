/**
 * `npm run account:role -- <email> [role]` (see account-role-command.ts): sets or shows the role
 * of an account, with the server's configuration.
 */
import 'reflect-metadata';
import { accountRoleCommand } from './account-role-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand(accountRoleCommand);
