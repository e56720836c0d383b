// A list virtualised against the window scroll (DESIGN §6 TanStack Virtual; §8 "lists virtualised"):
// only the rows near the viewport are in the DOM. Rows may have any height; they are measured, unless
// the list says they all have one height (fixedSize).
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react'

interface WindowVirtualListProps<T> {
  items: T[]
  estimateSize: number
  getKey: (item: T, index: number) => string
  renderItem: (item: T, index: number) => ReactNode
  overscan?: number
  gap?: number
  testId?: string
  /** Every row is exactly estimateSize high: rows are not measured (no layout read per row rendered). */
  fixedSize?: boolean
}

export function WindowVirtualList<T>(props: WindowVirtualListProps<T>) {
  const { items, estimateSize, getKey, renderItem, overscan = 6, gap = 0, testId, fixedSize = false } = props
  const parentRef = useRef<HTMLDivElement>(null)
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    const element = parentRef.current
    if (!element) return
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan,
    gap,
    scrollMargin: offset,
    // the same function while the items and getKey are: a new one makes the virtualizer redo the
    // measurements of every item on each render
    getItemKey: useCallback(
      (index: number) => {
        const item = items[index]
        return item === undefined ? index : getKey(item, index)
      },
      [items, getKey],
    ),
  })
  return (
    <div
      ref={parentRef}
      data-testid={testId}
      style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index]
        if (item === undefined) return null
        return (
          <div
            key={row.key}
            data-index={row.index}
            data-virtual-row
            ref={fixedSize ? undefined : virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {renderItem(item, row.index)}
          </div>
        )
      })}
    </div>
  )
}
