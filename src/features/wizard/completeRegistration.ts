// Test data: a registration that passes every step, for the wizard's tests.
import { emptyRegistration, type RegistrationValues } from './registrationValues'

export function completeRegistration(): RegistrationValues {
  return {
    ...emptyRegistration(),
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    gender: 'male',
    date_of_birth: '1990-09-11',
    marital_status: 'single',
    phone_primary: '0911000111',
    street_address: 'Bole Road',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    membership_status: 'member',
    current_ministries: ['choir'],
    highest_education: 'degree',
    preferred_contact_method: 'sms',
  }
}
