import { fireEvent, render, screen } from '@testing-library/react';
import { COMPARE_SLIDER, CompareSlider } from './CompareSlider';

describe('CompareSlider (spec 9)', () => {
  it('starts at 0.5 with a 40px handle and a 2px line, and moves 0.01 per arrow key', () => {
    const onChange = jest.fn();
    render(<CompareSlider before="/a.jpg" after="/b.jpg" onChange={onChange} />);
    expect(COMPARE_SLIDER).toEqual({ start: 0.5, handleSize: 40, lineWidth: 2, keyboardStep: 0.01 });
    const handle = screen.getByRole('slider');
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    expect(handle.style.width).toBe('40px');
    expect(screen.getByTestId('compare-line').style.width).toBe('2px');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith(0.51);
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith(0.49);
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByAltText('After').style.clipPath).toBe('inset(0 0 0 100%)');
  });
});
