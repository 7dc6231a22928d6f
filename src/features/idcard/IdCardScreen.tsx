// The ID card generator (spec 2.9, 8.5): previews of both sides, the church profile's logo, the
// SVG download and card-size printing.
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Col, Flex, Row, Spin, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { DEFAULT_ID_CARD_LANGUAGES, idCardPartner } from '../../domain'
import { photoUrl, useGetMemberQuery } from '../members'
import { formatMemberDate } from '../memberForm'
import { selectCalendar, selectLanguage } from '../preferences'
import { CardPreview } from './CardPreview'
import { CardPrintPages } from './CardPrintPages'
import { useChurchLogo } from '../churchProfile'
import type { CardPartner } from './cardContent'
import { useGetChurchNamesQuery, useGetIdCardPhotoQuery } from './idcardApi'
import './idcard.css'
import { LogoPicker } from './LogoPicker'
import { asError, useCardEngine } from './useCardEngine'

type Outcome = { kind: 'generated' } | { kind: 'failed'; message: string } | null

export function idCardFileName(id: number): string {
  return `member-id-card-${id}.svg`
}

/** Saves text as a file through a temporary link: the browser's own download, no server. */
function saveSvg(svg: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export default function IdCardScreen() {
  const intl = useIntl()
  const params = useParams()
  const id = Number(params.id)
  const validId = Number.isInteger(id) && id > 0
  const calendar = useAppSelector(selectCalendar)
  // The card speaks Amharic and English (spec 2.9), or Afaan Oromoo beside Amharic: as the
  // church profile chose, else for an Oromo reader (issue 42, decision 0200). Its dates are in
  // the reader's language when the card has it, else in the partner's.
  const language = useAppSelector(selectLanguage)
  const church = useGetChurchNamesQuery()
  const partner: CardPartner = idCardPartner(
    church.data?.id_card_languages ?? DEFAULT_ID_CARD_LANGUAGES,
    language,
  )
  const cardLanguage = language === 'am' || language === partner ? language : partner
  const churchName = useMemo(() => {
    const names = church.data
    if (!names) return undefined
    // The partner language's name, else the English one (a church may name itself in one).
    const first = (partner === 'om' ? names.name_om : '') || names.name_en
    return { partner: first, am: names.name_am }
  }, [church.data, partner])
  // The church profile's logo (issue 46): every device prints the same; admins change it.
  const [logo, setLogo] = useChurchLogo()
  const [outcome, setOutcome] = useState<Outcome>(null)

  const member = useGetMemberQuery(id, { skip: !validId })
  const photoPath = photoUrl(member.data?.photo_path)
  const photo = useGetIdCardPhotoQuery(photoPath ?? '', { skip: !photoPath })
  const photoLoading = Boolean(photoPath) && photo.isFetching
  const engine = useCardEngine()

  const input = useMemo(
    () =>
      member.data && engine.status === 'ready'
        ? {
            member: member.data,
            fonts: engine.engine.fonts,
            logoDataUrl: logo,
            photoDataUrl: photoLoading ? null : (photo.data ?? null),
            formatDate: (iso: string | null | undefined) =>
              formatMemberDate(iso, calendar, cardLanguage),
            partner,
            churchName,
          }
        : undefined,
    [
      member.data,
      engine,
      logo,
      photo.data,
      photoLoading,
      calendar,
      cardLanguage,
      partner,
      churchName,
    ],
  )

  const sides = useMemo(() => {
    if (!input || engine.status !== 'ready') return { front: undefined, back: undefined }
    try {
      return {
        front: engine.engine.buildIdCardSide(input, 'front'),
        back: engine.engine.buildIdCardSide(input, 'back'),
      }
    } catch (error) {
      console.error('ID card: drawing the previews failed', error)
      return { front: undefined, back: undefined, error: asError(error) }
    }
  }, [input, engine])

  function download() {
    if (!input || engine.status !== 'ready') return
    try {
      saveSvg(engine.engine.buildIdCardSvg(input), idCardFileName(id))
      setOutcome({ kind: 'generated' })
    } catch (error) {
      console.error('ID card: SVG generation failed', error)
      setOutcome({ kind: 'failed', message: asError(error).message })
    }
  }

  const loadFailed = !validId || member.isError
  const generationError =
    outcome?.kind === 'failed'
      ? outcome.message
      : engine.status === 'failed'
        ? engine.error.message
        : 'error' in sides && sides.error
          ? sides.error.message
          : undefined
  const ready = Boolean(sides.front && sides.back) && !photoLoading

  return (
    <Flex vertical gap={16} className="idcard-screen">
      <Typography.Title level={2} style={{ margin: 0 }}>
        <FormattedMessage id="idCardTitle" />
      </Typography.Title>

      {loadFailed && (
        <Alert type="error" showIcon title={<FormattedMessage id="idCardLoadFailed" />} />
      )}
      {generationError !== undefined && (
        <Alert
          type="error"
          showIcon
          title={
            <FormattedMessage id="idCardGenerationFailed" values={{ message: generationError }} />
          }
          description={<FormattedMessage id="idCardGenerationHint" />}
        />
      )}
      {outcome?.kind === 'generated' && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={<FormattedMessage id="idCardGenerated" />}
        />
      )}

      {!loadFailed && (
        <>
          <Flex gap={8} wrap align="center">
            {setLogo && <LogoPicker logo={logo} onChange={setLogo} />}
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!ready}
              loading={photoLoading}
              onClick={download}
            >
              {photoLoading ? (
                <FormattedMessage id="idCardLoadingPhoto" />
              ) : (
                <FormattedMessage id="idCardDownload" />
              )}
            </Button>
            <Button icon={<PrinterOutlined />} disabled={!ready} onClick={() => window.print()}>
              <FormattedMessage id="idCardPrint" />
            </Button>
          </Flex>
          <Typography.Text type="secondary">
            <FormattedMessage id="idCardPrintHint" />
          </Typography.Text>
          {member.isLoading || (engine.status === 'loading' && !member.isError) ? (
            <Flex justify="center" className="idcard-loading">
              <Spin description={intl.formatMessage({ id: 'idCardPreparing' })}>
                <div style={{ width: 200, height: 80 }} />
              </Spin>
            </Flex>
          ) : (
            <Row gutter={[24, 24]}>
              <Col xs={24} lg={12}>
                <CardPreview
                  svg={sides.front}
                  title={intl.formatMessage({ id: 'idCardFront' })}
                  testId="idcard-front"
                />
              </Col>
              <Col xs={24} lg={12}>
                <CardPreview
                  svg={sides.back}
                  title={intl.formatMessage({ id: 'idCardBack' })}
                  subtitle={intl.formatMessage({ id: 'idCardMemberDetails' })}
                  testId="idcard-back"
                />
              </Col>
            </Row>
          )}
        </>
      )}
      {ready && sides.front && sides.back && (
        <CardPrintPages front={sides.front} back={sides.back} />
      )}
    </Flex>
  )
}
