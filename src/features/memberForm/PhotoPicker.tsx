import { CameraOutlined, CloseOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons'
import { Avatar, Button, Flex, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { isPhotoType, PHOTO_ACCEPT } from '../../domain'
import { getFile, registerFile, releaseFile } from '../../shared/fileRegistry'
import { CameraDialog, cameraEvents } from '../camera'

export interface PhotoPickerProps {
  /** fileRegistry id of the chosen photo, or null. */
  value: string | null
  onChange: (photoId: string | null) => void
  /** Shown while no photo is chosen (e.g. the member's stored photo). */
  fallbackUrl?: string
  disabled?: boolean
  id?: string
}

export const PHOTO_PREVIEW_SIZE = 150

/** The object URL of a registered file, revoked when the file changes or the view goes. */
function useFileUrl(photoId: string | null): string | undefined {
  const [url, setUrl] = useState<string | undefined>()
  useEffect(() => {
    const file = getFile(photoId)
    if (!file) {
      setUrl(undefined)
      return
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [photoId])
  return url
}

/**
 * Spec 2.5 photo area: a circular 150 px preview with a remove button, "uploadPhoto" (JPEG, PNG
 * or WebP files) and "takePhoto" (the camera dialog). The File waits in the file registry; the form only
 * holds its id.
 */
export function PhotoPicker({
  value,
  onChange,
  fallbackUrl,
  disabled,
  id = 'member-photo',
}: PhotoPickerProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [rejected, setRejected] = useState(false)
  const url = useFileUrl(value)
  const shown = url ?? fallbackUrl
  const t = (messageId: string) => intl.formatMessage({ id: messageId })

  const choose = (file: File) => {
    if (!isPhotoType(file.type)) {
      setRejected(true)
      return
    }
    setRejected(false)
    releaseFile(value)
    onChange(registerFile(file))
  }

  return (
    <Flex vertical align="center" gap={12} className="photo-picker">
      <div style={{ position: 'relative', width: PHOTO_PREVIEW_SIZE, height: PHOTO_PREVIEW_SIZE }}>
        <Avatar
          size={PHOTO_PREVIEW_SIZE}
          src={shown}
          icon={<UserOutlined />}
          alt={t(shown ? 'photoPreview' : 'noPhotoYet')}
        />
        {value && !disabled && (
          <Button
            shape="circle"
            size="small"
            danger
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('removePhoto')}
            title={t('removePhoto')}
            style={{ position: 'absolute', top: 6, right: 6 }}
            onClick={() => {
              releaseFile(value)
              onChange(null)
            }}
          />
        )}
      </div>
      <Flex gap={8} wrap justify="center">
        <Button
          id={id}
          icon={<UploadOutlined aria-hidden />}
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          {t('uploadPhoto')}
        </Button>
        <Button
          icon={<CameraOutlined aria-hidden />}
          disabled={disabled}
          onClick={() => dispatch(cameraEvents.opened())}
        >
          {t('takePhoto')}
        </Button>
      </Flex>
      {rejected && (
        <Typography.Text type="danger" role="alert">
          {t('onlyImagesAllowed')}
        </Typography.Text>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        // Not `hidden`: the app's input styles would show it again.
        style={{ display: 'none' }}
        data-testid="photo-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) choose(file)
          event.target.value = ''
        }}
      />
      <CameraDialog onPhoto={choose} />
    </Flex>
  )
}
