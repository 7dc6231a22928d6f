// The camera feature's public face.
export { cameraEvents } from './cameraSlice'
export { CameraDialog } from './CameraDialog'
