/** The Reviews tab's texts (docs/product.md §2, §5, §8 word for word where the specification gives them). */
export const TEXTS = {
  heading: 'Manage Reviews',
  description: 'Feature the reviews your home page shows, and hide the ones it should not.',
  addReview: 'Add Review',
  addTitle: 'Add Review',
  addDescription: 'Create a new testimonial to display on your website.',
  loading: 'Loading reviews...',
  loadError: 'Error loading reviews',
  empty: 'No reviews yet. Add some testimonials to display on your site.',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedText: 'Please log in to access this page.',
  logIn: 'Log In',
  delete: 'Delete',
  deleteTitle: 'Delete this review?',
  deleteDescription:
    'It is removed for good, from your list and from every page of your site. To keep it without showing it, use Hide.',
} as const;

/** docs/product.md §8: the Reviews toasts (destructive ones titled 'Error'). */
export const TOASTS = {
  added: 'Review added successfully',
  addFailed: 'Failed to add review',
  featured: 'Review featured status updated',
  featureFailed: 'Failed to update featured status',
  visibility: 'Review visibility updated',
  visibilityFailed: 'Failed to update visibility',
  deleted: 'Review deleted',
  deleteFailed: 'Failed to delete the review',
} as const;
