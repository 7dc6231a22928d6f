import './camera.css'
import { CameraOutlined, ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import {
  cameraEvents,
  selectCameraAttempt,
  selectCameraError,
  selectCameraStatus,
} from './cameraSlice'
import {
  CameraFailure,
  captureFrame,
  isLive,
  openCamera,
  PHOTO_NAME,
  PHOTO_TYPE,
  startPreview,
  stopStream,
} from './cameraStream'

export interface CameraDialogProps {
  /** Receives the accepted photo (camera-photo.jpg). */
  onPhoto: (file: File) => void
}

/**
 * The camera dialog of spec 2.5 and 4.6, opened by dispatching camera/opened. The MediaStream
 * and the captured picture stay in refs here; the store only knows the status.
 */
export function CameraDialog({ onPhoto }: CameraDialogProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectCameraStatus)
  const error = useAppSelector(selectCameraError)
  const attempt = useAppSelector(selectCameraAttempt)
  const videoRef = useRef<HTMLVideoElement | null>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const photoRef = useRef<Blob | null>(null)
  const [stillUrl, setStillUrl] = useState<string | null>(null)
  // Spec 8.3's two notes that do not end the session: pressed too early, photo not saved.
  const [notice, setNotice] = useState<'cameraNotReady' | 'cameraPhotoSaveFailed' | null>(null)
  const t = (id: string) => intl.formatMessage({ id })

  // Each start (open, retry, retake without a stream) gets a fresh stream.
  useEffect(() => {
    if (status !== 'initializing') return
    let cancelled = false
    const run = async () => {
      stopStream(streamRef.current)
      streamRef.current = null
      try {
        const stream = await openCamera(() => cancelled)
        if (cancelled) return stopStream(stream)
        streamRef.current = stream
        const video = videoRef.current
        if (!video) throw new CameraFailure('cameraPreviewPlayFailed')
        await startPreview(video, stream)
        if (!cancelled) dispatch(cameraEvents.streamReady())
      } catch (failure) {
        if (cancelled) return
        stopStream(streamRef.current)
        streamRef.current = null
        const id = failure instanceof CameraFailure ? failure.id : 'cameraUnknownError'
        dispatch(cameraEvents.streamFailed(id))
      }
    }
    void run()
    return () => {
      cancelled = true
    }
    // `attempt` restarts the camera even when the status was already initializing.
  }, [status, attempt, dispatch])

  // Closing (cancel, use photo, escape) and failing stop every track.
  useEffect(() => {
    if (status === 'closed' || status === 'failed') {
      stopStream(streamRef.current)
      streamRef.current = null
      if (videoRef.current) videoRef.current.srcObject = null
    }
  }, [status])

  // Leaving the screen stops the camera and closes the dialog.
  useEffect(
    () => () => {
      stopStream(streamRef.current)
      streamRef.current = null
      dispatch(cameraEvents.closed())
    },
    [dispatch],
  )

  // The still preview's object URL lives as long as the still.
  useEffect(() => () => void (stillUrl && URL.revokeObjectURL(stillUrl)), [stillUrl])
  useEffect(() => {
    if (status !== 'captured') {
      photoRef.current = null
      setStillUrl(null)
    }
    if (status !== 'ready' && status !== 'captured') setNotice(null)
  }, [status])

  const capture = async () => {
    const video = videoRef.current
    if (status !== 'ready' || !video || video.videoWidth === 0) {
      setNotice('cameraNotReady')
      return
    }
    setNotice(null)
    try {
      const blob = await captureFrame(video)
      photoRef.current = blob
      setStillUrl(URL.createObjectURL(blob))
      dispatch(cameraEvents.photoCaptured())
    } catch {
      dispatch(cameraEvents.captureFailed())
    }
  }

  const retake = () => {
    if (isLive(streamRef.current)) dispatch(cameraEvents.previewResumed())
    else dispatch(cameraEvents.retakeRequested())
  }

  const usePhoto = () => {
    try {
      if (!photoRef.current) throw new Error('no photo')
      const file = new File([photoRef.current], PHOTO_NAME, { type: PHOTO_TYPE })
      onPhoto(file)
      dispatch(cameraEvents.photoAccepted())
    } catch {
      setNotice('cameraPhotoSaveFailed')
    }
  }

  const close = () => dispatch(cameraEvents.closed())
  const open = status !== 'closed'
  const live = status === 'initializing' || status === 'ready'

  const footer =
    status === 'captured' ? (
      <Flex justify="end" gap={8} wrap>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={retake}>
          {t('retake')}
        </Button>
        <Button type="primary" onClick={usePhoto}>
          {t('usePhoto')}
        </Button>
      </Flex>
    ) : (
      <Flex justify="end" gap={8} wrap>
        <Button onClick={close}>{t('cancel')}</Button>
        {status === 'failed' ? (
          <Button
            type="primary"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => dispatch(cameraEvents.retryRequested())}
          >
            {t('retryCamera')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CameraOutlined aria-hidden />}
            disabled={status !== 'ready'}
            onClick={() => void capture()}
          >
            {t('capture')}
          </Button>
        )}
      </Flex>
    )

  return (
    <Modal
      open={open}
      title={t('takePhoto')}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
    >
      <div className="camera-stage">
        <video
          ref={videoRef}
          className="camera-video"
          aria-label={t('livePreview')}
          autoPlay
          muted
          playsInline
          hidden={!live}
          // Mirrored like a mirror, so moving left moves left (spec 2.5).
          style={{ transform: 'scaleX(-1)' }}
        />
        {status === 'initializing' && (
          <Flex
            vertical
            align="center"
            justify="center"
            gap={8}
            className="camera-overlay"
            role="status"
          >
            <Spin />
            <Typography.Text style={{ color: '#fff' }}>{t('initializingCamera')}</Typography.Text>
          </Flex>
        )}
        {status === 'captured' && stillUrl && (
          <img className="camera-video" src={stillUrl} alt={t('capturedPhoto')} />
        )}
      </div>
      {notice && status !== 'failed' && (
        <Alert
          type={notice === 'cameraNotReady' ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={t(notice)}
          style={{ marginTop: 12 }}
        />
      )}
      {status === 'failed' && error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('cameraError')}
          description={t(error)}
          style={{ marginTop: 12 }}
        />
      )}
    </Modal>
  )
}
