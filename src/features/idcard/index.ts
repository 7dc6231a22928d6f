// The ID card's pieces other screens share: the logo picker
// (the printed report carries the same logo). The card screen itself loads lazily by route.
export { LogoPicker } from './LogoPicker'
export { qrPath } from './qrPath'
