import { Flex, Typography } from 'antd'
import { svgDataUrl } from './svgDataUrl'

interface CardPreviewProps {
  svg: string | undefined
  title: string
  subtitle?: string
  testId: string
}

/** One side of the card as an image, at one and a half times card size on a wide screen. */
export function CardPreview({ svg, title, subtitle, testId }: CardPreviewProps) {
  return (
    <Flex vertical gap={8} align="center">
      <Typography.Text strong>
        {title}
        {subtitle && <Typography.Text type="secondary"> · {subtitle}</Typography.Text>}
      </Typography.Text>
      <div className="idcard-preview" data-testid={testId}>
        {svg && <img src={svgDataUrl(svg)} alt={subtitle ? `${title} · ${subtitle}` : title} />}
      </div>
    </Flex>
  )
}
