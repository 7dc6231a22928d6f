import { createPortal } from 'react-dom'
import { svgDataUrl } from './svgDataUrl'

/**
 * Front and back as two card-size pages, outside the app's layout (a portal on <body>) so the
 * print stylesheet can show them alone; hidden on screen.
 */
export function CardPrintPages({ front, back }: { front: string; back: string }) {
  return createPortal(
    <div className="idcard-print" aria-hidden="true">
      <div className="idcard-print-page">
        <img src={svgDataUrl(front)} alt="" />
      </div>
      <div className="idcard-print-page">
        <img src={svgDataUrl(back)} alt="" />
      </div>
    </div>,
    document.body,
  )
}
