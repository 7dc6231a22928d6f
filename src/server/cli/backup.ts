import { loadConfig } from '../config'
import { EXIT_FAILED, runBackup } from './backupCommands'

runBackup(process.argv.slice(2), loadConfig(), process).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Failed: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(EXIT_FAILED)
  },
)
