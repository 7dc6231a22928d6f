import { useEffect, useState } from 'react'
import { type CardEngine, loadCardEngine } from './cardEngine'

export type CardEngineState =
  | { status: 'loading' }
  | { status: 'ready'; engine: CardEngine }
  | { status: 'failed'; error: Error }

/** The card drawing code and fonts, loaded once when the screen first needs them. */
export function useCardEngine(): CardEngineState {
  const [state, setState] = useState<CardEngineState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    loadCardEngine().then(
      (engine) => live && setState({ status: 'ready', engine }),
      (error: unknown) => {
        console.error('ID card: could not load fonts or drawing code', error)
        if (live) setState({ status: 'failed', error: asError(error) })
      },
    )
    return () => {
      live = false
    }
  }, [])
  return state
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
