import { loadConfig } from '../config'
import { runBackup } from './backupCommands'
import { exitWith } from './commandLine'

exitWith(runBackup(process.argv.slice(2), loadConfig(), process))
