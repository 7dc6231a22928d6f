// The ID card's pieces other screens share: the church logo kept on the device and its picker
// (the printed report carries the same logo). The card screen itself loads lazily by route.
export { useChurchLogo } from './churchLogo'
export { LogoPicker } from './LogoPicker'
export { qrPath } from './qrPath'
