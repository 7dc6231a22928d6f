import { ComingSoon } from '../../shared/ComingSoon'

export default function RegistrationScreen() {
  return <ComingSoon />
}
