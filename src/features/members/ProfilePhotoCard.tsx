import { CameraOutlined } from '@ant-design/icons'
import { App, Card, Flex, Typography, Upload } from 'antd'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { isPhotoType, PHOTO_ACCEPT } from '../../domain'
import { DEFAULT_AVATAR } from './memberDisplay'
import { photoUrl } from './membersApi'

interface Props {
  photoPath: string | null
  editing: boolean
  /** The newly picked file, kept by the screen outside the store. */
  picked: File | null
  onPick: (file: File) => void
  alt: string
}

/** The photo, or /default-avatar.png when it is missing or fails to load (spec 2.7, 8.5). */
function Photo({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const shown = src && src !== failed ? src : DEFAULT_AVATAR
  return (
    <img
      className="profile-photo"
      src={shown}
      alt={alt}
      width={180}
      height={180}
      onError={() => setFailed(shown)}
    />
  )
}

/** An object URL for the picked file, revoked when it changes or the card goes away. */
function usePreviewUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) {
      setUrl(undefined)
      return undefined
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

/** Spec 2.7 left card: the photo; in edit mode an upload area for image files with a preview. */
export function ProfilePhotoCard({ photoPath, editing, picked, onPick, alt }: Props) {
  const intl = useIntl()
  const { message } = App.useApp()
  const preview = usePreviewUrl(picked)
  const src = preview ?? photoUrl(photoPath)

  if (!editing) {
    return (
      <Card className="profile-photo-card">
        <Flex justify="center">
          <Photo src={src} alt={alt} />
        </Flex>
      </Card>
    )
  }
  return (
    <Card className="profile-photo-card">
      <Upload.Dragger
        accept={PHOTO_ACCEPT}
        multiple={false}
        showUploadList={false}
        className="profile-photo-upload"
        aria-label={intl.formatMessage({ id: 'clickToUploadPhoto' })}
        beforeUpload={(file) => {
          // Spec 5.10: images, of the formats the server stores; it checks the bytes again.
          if (isPhotoType(file.type)) onPick(file)
          else void message.error(intl.formatMessage({ id: 'onlyImagesAllowed' }))
          return Upload.LIST_IGNORE
        }}
      >
        <Flex vertical align="center" gap={8}>
          <Photo key={src} src={src} alt={alt} />
          <Typography.Text>
            <CameraOutlined aria-hidden /> <FormattedMessage id="clickToUploadPhoto" />
          </Typography.Text>
        </Flex>
      </Upload.Dragger>
    </Card>
  )
}
