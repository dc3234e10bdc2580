/** The Services tab's texts (docs/product.md §2, §8 word for word). */
export const TEXTS = {
  heading: 'Manage Services',
  add: 'Add Service',
  addTitle: 'Add New Service',
  addDescription: 'Create a new service with multiple duration options.',
  editTitle: 'Edit Service',
  editDescription: 'Update service details and duration options.',
  loading: 'Loading services...',
  loadError: 'Error loading services',
  empty: 'No services yet. Add one so clients can book it.',
  deleteTitle: 'Are you sure?',
  deleteDescription:
    'This action cannot be undone. This will permanently delete the service and may affect existing bookings.',
  deleteKeepsBookings: 'Appointments already booked keep the service name and price they were booked with.',
} as const;

/** docs/product.md §8: good outcomes are titled 'Success', failures 'Error'. */
export const TOASTS = {
  added: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'Service deleted successfully',
  addFailed: 'Failed to add service',
  updateFailed: 'Failed to update service',
  deleteFailed: 'Failed to delete service',
} as const;
