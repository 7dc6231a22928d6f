import { loadConfig } from '../config'
import { runRestore } from './backupCommands'
import { exitWith } from './commandLine'

exitWith(runRestore(process.argv.slice(2), loadConfig(), process))
