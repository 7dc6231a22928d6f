import { fireEvent, screen } from '@testing-library/react'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { PhotoPicker } from './PhotoPicker'

describe('the photo chooser (spec 5.10)', () => {
  it('offers only the formats the server stores, and refuses another one picked anyway', () => {
    const onChange = jest.fn()
    renderWithProviders(<PhotoPicker value={null} onChange={onChange} />)
    const input = screen.getByTestId('photo-file-input')
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    const gif = new File([new Uint8Array([71, 73, 70])], 'a.gif', { type: 'image/gif' })
    fireEvent.change(input, { target: { files: [gif] } })
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP photo')
    expect(onChange).not.toHaveBeenCalled()
  })
})
