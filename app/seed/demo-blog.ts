/**
 * The spec's ten blog articles about recycling and waste in the UK, newest first: demo posts,
 * seeded only with SEED_DEMO and marked Demo in the dashboard (docs/rules.md#content). Each
 * paragraph becomes one of the post's Markdown paragraphs.
 */
export interface DemoBlogPost {
  title: string;
  slug: string;
  description: string;
  /** a drawing the shop carries (public/illustrations/blog) */
  img: string;
  date: string;
  body: readonly string[];
}

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    title: "How to Cut Down on Waste This Christmas",
    slug: "how-to-cut-down-on-waste-this-christmas",
    description:
      "Wrapping paper, packaging, leftovers and last year's broken fairy lights: simple ways to enjoy Christmas and send a lot less to the bin.",
    img: "/illustrations/blog/how-to-cut-down-on-waste-this-christmas.svg",
    date: "2026-10-30",
    body: [
      "Christmas is when most households throw away the most, and a lot of it is avoidable. A little planning before December makes a real difference, and most of it saves money as well as bin space.",
      "Start with wrapping paper. Plain paper can go in your recycling, but foil, glitter and plastic-coated paper cannot. Try the scrunch test: if a piece of paper stays scrunched up in a ball, it can usually be recycled; if it springs back open, it probably contains plastic and belongs in general waste. Brown paper, fabric wraps and gift bags you keep and reuse every year avoid the problem altogether.",
      "Cards are similar. Paper and card can be recycled, but tear off any glitter, foil or batteries first. Cardboard packaging from deliveries should be flattened so it fits in your recycling bin, and polystyrene and plastic film usually need to go elsewhere, so check your council's website for what it accepts.",
      "Food is the biggest waste for many families. Plan meals for the days around Christmas, write a list and stick to it, and freeze leftovers in portions rather than leaving them in the fridge until they turn. If your council collects food waste, use the caddy for peelings and scraps instead of the general bin.",
      "Broken fairy lights, old chargers and toys with batteries are electrical waste and should never go in the household bin. Take them to your local recycling centre or a shop with a collection point, and remove batteries from toys before recycling them separately. Real trees can usually be dropped off or collected by your council in January and chipped for compost; take off every decoration and the stand first.",
      "Finally, new gifts often replace old things: a new sofa, a new television, a new bike. If you are making room after the holidays, give working items a second life through a charity or a local reuse group, and book a licensed collector for anything that is left, so it is reused or recycled rather than dumped.",
    ],
  },
  {
    title: "Clearing an Office Without Risking Your Data",
    slug: "clearing-an-office-without-risking-your-data",
    description:
      "Moving premises or downsizing? How to plan an office clear-out, meet your duty of care and make sure no personal data leaves the building on an old hard drive.",
    img: "/illustrations/blog/clearing-an-office-without-risking-your-data.svg",
    date: "2026-06-18",
    body: [
      "An office clear-out looks simple until you start listing what is actually there: desks, chairs, filing cabinets, partitions, kitchen appliances, boxes of paper and a cupboard full of old computers. Planning it properly protects your business as well as the environment.",
      "Begin with an inventory and sort it into three groups: items moving with you, items someone else could use, and items that need recycling or disposal. Good office furniture is often wanted by charities, schools and start-ups, and donating it is usually cheaper than paying to dispose of it.",
      "Data-bearing devices need special care. Laptops, desktop computers, servers, phones, tablets, USB sticks, external drives and CCTV recorders can all hold personal data, and many printers and photocopiers contain hard drives too. Deleting files or emptying the recycle bin does not remove the data. Under UK GDPR your business remains responsible for that information, so either wipe devices with proper data-erasure software or use a specialist IT disposal company that can give you a certificate of data destruction before anything else happens to the hardware.",
      "Paper records deserve the same thought. Confidential documents should be shredded, or collected by a secure shredding service, before the rest of the office is cleared. Check how long you are required to keep records such as payroll and accounts before you throw them away.",
      "Businesses have a legal duty of care for their waste. You must give it only to a registered waste carrier, describe it accurately, and keep the waste transfer note for at least two years. When Haulbook clears an office, we email the waste transfer note once the job is done, so it is already filed for your records.",
      "Finally, book the clearance for a time that suits the building. Many landlords restrict lift use and loading bays during the working day, so an early morning or evening slot can make the job quicker and cause less disruption for everyone.",
    ],
  },
  {
    title: "Garden Waste and Home Composting Made Simple",
    slug: "garden-waste-and-home-composting-made-simple",
    description:
      "Grass cuttings, prunings and autumn leaves are a resource, not rubbish. How to compost at home, what to leave out, and what to do with the rest of your garden waste.",
    img: "/illustrations/blog/garden-waste-and-home-composting-made-simple.svg",
    date: "2026-03-12",
    body: [
      "Spring is when gardens wake up and garden waste starts piling up. Much of it can be turned into free compost at home, and the rest can be recycled rather than burned or dumped.",
      "A good compost heap needs a mix of greens and browns. Greens are soft, wet materials such as grass cuttings, vegetable peelings, fruit scraps and spent bedding plants. Browns are dry and woody: shredded cardboard, scrunched paper, dry leaves, straw and small twigs. Aim for roughly equal amounts, turn the heap every few weeks to let air in, and keep it damp but not soggy. Depending on the materials and the weather, you will have usable compost in anywhere from several months to a couple of years.",
      "Some things should stay out of a home compost bin. Meat, fish, dairy and cooked food attract rats. Diseased plants can spread the problem back into your beds, and the roots of persistent weeds such as bindweed and couch grass can survive and regrow. Pet waste should not be composted for growing food.",
      "Autumn leaves are worth keeping separately. Pack damp leaves into a bin bag, pierce a few holes in it and leave it somewhere out of the way. After a year or two you will have leaf mould, a crumbly soil improver that is excellent for mulching borders.",
      "For larger volumes, many councils run an opt-in garden waste collection, and household recycling centres accept green waste too. It goes to commercial composting sites, where it is turned into soil improver. Bonfires are not banned outright, but smoke can be a nuisance to neighbours and councils can take action, so recycling is usually the better choice.",
      "One plant needs special handling: Japanese knotweed. It is classed as controlled waste and must not go in your garden waste bin, a compost heap or a normal garden clearance. Ask a specialist for advice. For everything else, from hedge cuttings to an old shed, a garden waste collection can clear it in one visit.",
    ],
  },
  {
    title: "Why Batteries Must Never Go in the Bin",
    slug: "why-batteries-must-never-go-in-the-bin",
    description:
      "A crushed battery can start a fire in a bin lorry or a recycling plant. Here is why batteries need to be recycled separately, and where to take them safely.",
    img: "/illustrations/blog/why-batteries-must-never-go-in-the-bin.svg",
    date: "2025-11-04",
    body: [
      "Batteries are everywhere: in remote controls, toys, phones, laptops, power tools, e-bikes and disposable vapes. When they reach the end of their life, it is tempting to drop them in the kitchen bin. Please do not.",
      "The biggest concern is fire. Lithium-ion batteries in particular can short-circuit and ignite when they are crushed, punctured or damaged, which is exactly what happens inside a bin lorry or at a waste sorting plant. Fire services and waste companies across the UK regularly warn about fires caused by batteries thrown away in household waste, putting crews and sites at risk.",
      "Batteries also contain metals such as lithium, cobalt, nickel, zinc and manganese. In landfill they are wasted, and chemicals can leak. Recycled properly, many of those materials can be recovered and used again.",
      "Recycling small batteries is easy. Shops that sell a significant quantity of portable batteries are required to take used ones back free of charge, whether or not you buy anything, so look for the collection box in supermarkets and larger stores. Some councils also collect batteries at the kerbside if you put them in a clear bag on top of your bin, and household recycling centres accept them too.",
      "Store used batteries safely while you collect them: in a cool, dry container, away from anything flammable. Tape over the terminals of lithium and 9V batteries so they cannot touch each other or metal objects. If a battery is swollen, hot or damaged, stop using it, do not charge it, and take it for recycling as soon as you can.",
      "Larger batteries, such as those from e-bikes, e-scooters, mobility scooters and cars, should not go in small-battery collection boxes. Take them to your council recycling centre, return them to the retailer, or book a collection so they reach a facility equipped to handle them.",
    ],
  },
  {
    title: "Decluttering Before a Move: A Room-by-Room Plan",
    slug: "decluttering-before-a-move-a-room-by-room-plan",
    description:
      "Why pay to move things you do not want? A straightforward plan for clearing out your home in the weeks before moving day, and what to do with everything you let go.",
    img: "/illustrations/blog/decluttering-before-a-move-a-room-by-room-plan.svg",
    date: "2025-08-21",
    body: [
      "Removal firms generally price by the volume of your belongings and the time it takes to move them, so every box you do not need is money spent on carrying it. Decluttering before you move makes packing faster, unpacking easier and your new home feel like a fresh start.",
      "Start early, ideally six to eight weeks before moving day, and work one room at a time. Begin with the spaces you use least, such as the loft, garage, shed and spare room, because they tend to hold the most forgotten clutter. Leave the kitchen and bedrooms until last.",
      "For every item, decide whether to keep, sell, donate, recycle or dispose of it. Measure your new rooms before deciding on large furniture: a sofa that will not fit through the new front door is better sold or donated now. Charity shops and furniture reuse projects welcome items in good condition, but upholstered furniture needs its fire safety label to be resold.",
      "Set aside things that need special handling. Paint, chemicals and gas bottles usually cannot travel with removal firms, and electricals, batteries and fridges must be recycled separately from general waste. Use up frozen and tinned food in the weeks before the move rather than packing it.",
      "Book your clearance a few days before moving day, not on the day itself, so the house is clear when the removal van arrives. If you are selling, the buyer will usually expect the property to be left empty, and tenants may lose part of their deposit for items left behind.",
      "Whatever is left at the end can be collected in one visit. A licensed collector will reuse and recycle what it can and give you a waste transfer note, which is far better than leaving bags out for the new occupants to deal with.",
    ],
  },
  {
    title: "Upcycling Old Furniture Before You Throw It Away",
    slug: "upcycling-old-furniture-before-you-throw-it-away",
    description:
      "A tired chest of drawers or a wobbly dining chair can often be given a new life with a weekend of work. Ideas, safety tips and what to do if you would rather pass it on.",
    img: "/illustrations/blog/upcycling-old-furniture-before-you-throw-it-away.svg",
    date: "2025-05-15",
    body: [
      "Before any piece of furniture leaves your home, it is worth asking whether it could have another life. Upcycling keeps sound materials in use, saves the energy needed to make something new, and can leave you with a piece you like more than anything in a shop.",
      "Solid wood furniture is the easiest place to start. A light sand, a coat of primer and furniture paint can transform a dated chest of drawers or a bedside table. New handles and knobs make a surprising difference for very little money, and a wax or varnish finish will protect the surface for years.",
      "Dining chairs with drop-in seats are simple to re-cover with a staple gun and new fabric. Full reupholstery of a sofa or armchair is a bigger job, and if you plan to sell upholstered furniture afterwards it must meet UK fire safety rules, so use compliant foam and fabric.",
      "Take care with very old painted furniture. Paint from before the 1960s in particular may contain lead, so avoid dry sanding or burning it off. Home test kits are available, and if in doubt, use a chemical stripper outdoors with gloves and ventilation, or leave the original finish alone.",
      "If you do not have the time or space, pass the piece on. Charity furniture shops, local reuse projects and online giveaway groups connect unwanted furniture with people who need it. Photographs and measurements help it find a home quickly.",
      "When furniture really has reached the end of its life, it can still be recycled. Wood can be chipped for panel board or biomass, and metal fittings are recycled. When Haulbook collects furniture, we check every item for reuse first and recycle whatever we can.",
    ],
  },
  {
    title: "How to Check a Waste Carrier Licence",
    slug: "how-to-check-a-waste-carrier-licence",
    description:
      "If your rubbish is fly-tipped, you can be fined even though someone else dumped it. How to check a collector is registered before you hand anything over, in under a minute.",
    img: "/illustrations/blog/how-to-check-a-waste-carrier-licence.svg",
    date: "2025-01-23",
    body: [
      "Anyone who collects waste for payment in England must be registered as a waste carrier with the Environment Agency. In Wales the register is run by Natural Resources Wales, in Scotland by SEPA and in Northern Ireland by the Northern Ireland Environment Agency.",
      "This matters to you because householders have a legal duty of care for their waste. You must take reasonable steps to make sure it goes to someone authorised to take it. If you hand it to an unregistered collector and it turns up dumped at the roadside, your council can trace it back to you and issue you with a fixed penalty notice, and cases that go to court can lead to an unlimited fine.",
      "Checking takes less than a minute. Ask the collector for their waste carrier registration number, then search for it on the public register on GOV.UK, which you can find by searching for 'check if a waste carrier is registered'. Make sure the name and address on the register match the business you are dealing with, and that the registration has not expired. Haulbook's registration number is shown in the footer of every page of our website so you can check us the same way.",
      "Watch out for warning signs: a collector who only advertises on social media, will not give a full business name or address, asks for cash only, or quotes a price that seems far too low for the amount of waste. A reputable carrier will be happy to be checked.",
      "Always ask for a waste transfer note or receipt that describes the waste and shows where it is going, and keep it. It is your proof that you acted responsibly. We email a digital waste transfer note within minutes of every collection, along with before and after photos.",
      "If you see fly-tipping, do not touch it, as it may contain hazardous materials. Note the location and what has been dumped, and report it to your local council, which has the power to investigate.",
    ],
  },
  {
    title: "WEEE Rules for Fridges and Electronics Explained",
    slug: "weee-rules-for-fridges-and-electronics-explained",
    description:
      "Anything with a plug, a battery or a cable counts as electrical waste. What the WEEE regulations mean for your old fridge, television or laptop, and how to dispose of them properly.",
    img: "/illustrations/blog/weee-rules-for-fridges-and-electronics-explained.svg",
    date: "2024-09-10",
    body: [
      "WEEE stands for waste electrical and electronic equipment. In the UK it is governed by the Waste Electrical and Electronic Equipment Regulations 2013, and the simple rule for households is this: anything with a plug, a battery or a cable should not go in your general rubbish bin. Look for the crossed-out wheelie bin symbol on the product or its packaging as a reminder.",
      "Electrical items contain valuable materials such as copper, aluminium, steel and precious metals, along with substances that can harm people and the environment if they are crushed or buried, including lead, mercury and flame retardants. Specialist recycling recovers the materials and deals with the hazards safely.",
      "Fridges and freezers need the most care. Older appliances can contain CFCs or HCFCs in the cooling system and in the insulating foam, which damage the ozone layer. Newer ones often use hydrocarbon refrigerants, which are flammable. At a licensed treatment facility the gases are extracted first, and the cabinet is then broken down in a sealed process that captures the gases released from the foam before the metal and plastic are recycled.",
      "You can help by keeping a fridge upright, not cutting or bending the pipes at the back, and defrosting it before collection. Never leave an old fridge out in the street, where it can be damaged and leak.",
      "When you buy a new electrical item, the retailer must offer a way to take your old one back, either in store, on delivery, or by directing you to a free take-back scheme. Council household recycling centres also accept electricals. For bulky items, or several at once, a licensed collector can take them for you and pass them to an approved treatment facility.",
      "Before you hand over a laptop, phone, tablet or anything else that stores data, back up what you need and wipe the device properly or remove its storage. Signing out of accounts and removing SIM and memory cards only takes a few minutes and protects your privacy.",
    ],
  },
  {
    title: "What Happens to an Old Mattress?",
    slug: "what-happens-to-an-old-mattress",
    description:
      "Mattresses are bulky, awkward and hard to recycle in a normal bin. Here is what goes into one, how mattress recycling works and how to keep yours out of landfill.",
    img: "/illustrations/blog/what-happens-to-an-old-mattress.svg",
    date: "2024-05-29",
    body: [
      "Mattresses are one of the most awkward things to get rid of. They are too big for any bin, difficult to carry down stairs, and very few charities can accept them second-hand for hygiene reasons. As a result, a great many still end up in landfill or incineration, even though much of a mattress can be recycled.",
      "A typical sprung mattress contains steel springs, layers of foam, natural or synthetic fillings such as cotton, wool or polyester, and a fabric cover. Whole mattresses cause problems at landfill sites and general waste plants because springs tangle around machinery and foam takes up a lot of space.",
      "At a mattress recycling facility, workers strip the mattress down, largely by hand. The steel springs are baled and sent to metal recyclers. Clean foam can be shredded and rebonded, for example into carpet underlay, and some fibres and textiles are recovered for use in other products. What cannot be recycled is usually sent for energy recovery.",
      "You can help by keeping an unwanted mattress dry and clean. A mattress that has been left outside in the rain is often too wet or dirty to be recycled, so keep it indoors, or wrapped in plastic, until it is collected.",
      "If you are buying a new mattress, ask whether the retailer offers to take your old one away on delivery; many do, sometimes for a fee. Otherwise, your council may offer a bulky waste collection, or you can book a licensed collector who will send it to a mattress recycler wherever possible.",
    ],
  },
  {
    title: "What Happens to Your Sofa After We Collect It",
    slug: "what-happens-to-your-sofa-after-we-collect-it",
    description:
      "Where does an old sofa go once it leaves your living room? We follow a collected sofa from your front door to reuse, recycling or safe disposal, and explain the rules.",
    img: "/illustrations/blog/what-happens-to-your-sofa-after-we-collect-it.svg",
    date: "2024-02-07",
    body: [
      "Sofas are among the items we collect most often, and customers often ask what happens to them next. The answer depends mainly on the condition of the sofa and what it is made of.",
      "If a sofa is clean, undamaged and still has its fire safety label, it may be suitable for reuse. Under the Furniture and Furnishings (Fire) (Safety) Regulations 1988, upholstered furniture generally needs that permanent label to be sold again, which is why charity shops check for it. Reusing a sofa is by far the best outcome, because nothing needs to be made to replace it.",
      "Most sofas we collect are past that point. Many upholstered seats contain foam and fabric treated with flame retardants, some of which are persistent organic pollutants, known as POPs. Environment Agency guidance that took effect in 2023 means waste upholstered domestic seating in England, including sofas, armchairs, sofa beds and footstools, must not go to landfill or be recycled in the usual way. Instead, the upholstered parts are sent to be destroyed by high-temperature incineration, usually at an energy-from-waste plant, where the heat is used to generate electricity.",
      "Parts with no upholstery attached, such as wooden or metal legs and frames removed before they are mixed with other waste, can be recycled separately. Metal goes to scrap recyclers, and clean wood can be chipped for panel board or fuel.",
      "Because of these rules, a sofa is not something to leave on the pavement or hand to an unregistered man with a van. A licensed waste carrier knows which sites can accept upholstered seating, and gives you a waste transfer note as proof it was disposed of properly. When we collect your sofa, you receive that note by email shortly after the job is finished.",
    ],
  },
];
