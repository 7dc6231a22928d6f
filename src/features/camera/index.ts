// The camera feature's public face.
export {
  default as cameraSlice,
  cameraEvents,
  selectCameraStatus,
  CAMERA_TRANSITIONS,
  type CameraState,
  type CameraStatus,
} from './cameraSlice'
export { CameraDialog, type CameraDialogProps } from './CameraDialog'
